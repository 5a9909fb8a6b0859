//! One module per subcommand: each has its clap `Args` and a `run` that returns the text
//! to print (interactive commands write as they go and return an empty string).

pub mod check;
mod engine;
pub mod matches;
pub mod play;
pub mod render;
pub mod rules;
pub mod serve;
pub mod uci;
pub mod xboard;
