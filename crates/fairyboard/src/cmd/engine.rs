//! The engine glue both protocols share (`uci`, `xboard`). Each keeps its game as a
//! [`Game`] — position, history and repetition in one place — and plays, searches and
//! declares results through here, so a move line is judged the same way whichever protocol
//! brings it (e.g. the repetition draw on the third occurrence).

use std::fmt;
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc};

use fairyboard_core::game::{Game, GameResult, PlayError};
use fairyboard_core::limits::MAX_LINE_BYTES;
use fairyboard_core::Move;

/// Play a move in coordinate notation. A drop's piece letter may be lower case (XBoard
/// writes Black's that way). A game already over (board or history) takes no move.
pub(crate) fn play_text(game: &mut Game, text: &str) -> Result<Move, PlayError> {
    match game.play_uci(text) {
        Err(PlayError::Notation(e)) => match text.split_once('@') {
            Some((p, sq)) if p != p.to_uppercase() => game
                .play_uci(&format!("{}@{sq}", p.to_uppercase()))
                .map_err(|_| PlayError::Notation(e)),
            _ => Err(PlayError::Notation(e)),
        },
        r => r,
    }
}

/// A finished game as both protocols declare it: the PGN result and the reason in braces,
/// as XBoard's `RESULT {COMMENT}` command has it.
pub(crate) fn result_text(r: &GameResult) -> String {
    format!("{} {{{}}}", r.pgn(), r.reason.as_str())
}

/// A command line longer than [`MAX_LINE_BYTES`]: skipped, and reported by the protocol
/// as its errors are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LineTooLong {
    /// The line's length in bytes (without its end).
    pub bytes: u64,
}

impl fmt::Display for LineTooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a line of {} bytes is over the limit of {MAX_LINE_BYTES} and was ignored",
            self.bytes
        )
    }
}

/// One line from `input` without its end (`\n` or `\r\n`), or [`LineTooLong`] when it
/// has more than `max` bytes: then only `max` bytes are ever held, the rest is read and
/// dropped up to the line's end. `None` at the end of the input. Bytes that are not UTF-8
/// become U+FFFD (a protocol line is ASCII; a stray byte is the command's error, not the
/// end of the input).
pub(crate) fn read_line(
    input: &mut impl BufRead,
    max: usize,
) -> std::io::Result<Option<Result<String, LineTooLong>>> {
    let mut line = Vec::new();
    let mut bytes: u64 = 0;
    let mut any = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        any = true;
        let end = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..end.unwrap_or(chunk.len())];
        bytes += part.len() as u64;
        if bytes <= max as u64 {
            line.extend_from_slice(part);
        } else if !line.is_empty() {
            line = Vec::new();
        }
        let used = end.map_or(chunk.len(), |i| i + 1);
        input.consume(used);
        if end.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if bytes > max as u64 {
        return Ok(Some(Err(LineTooLong { bytes })));
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(Ok(String::from_utf8_lossy(&line).into_owned())))
}

/// What a protocol's commands do to a search in progress.
pub(crate) struct Commands {
    /// The commands that stop a search in progress (UCI `stop`, XBoard `?`, `force`...).
    pub interrupts: fn(&str) -> bool,
    /// The commands that start a search, answered only when it ends (UCI `go`).
    pub searches: fn(&str) -> bool,
    /// A command answered by the reader itself while a search is pending, and its
    /// answer (UCI `isready`, which must be answered at once even during a search).
    pub during_search: fn(&str) -> Option<&'static str>,
    /// Where such answers go.
    pub say: fn(&str),
}

/// What the reader thread and the command loop share.
struct Shared {
    /// The stop flag a search polls (through its [`Control`]).
    stop: Arc<AtomicBool>,
    /// Interrupting commands read so far.
    interrupts_read: AtomicU64,
    /// Search commands read and not yet finished.
    searches_pending: AtomicU64,
}

/// A protocol's input: stdin read on its own thread, so that a command which must act
/// during a search acts at once (stop it, or answer it), while every other command waits
/// its turn in order.
///
/// The stop flag is judged per command: a search started by a command stops exactly when
/// an interrupting command was read after that command. So a `stop` sent while idle does
/// not cancel the next search, and a `stop` that arrives before the search it is meant for
/// has even started is not lost.
pub(crate) struct Input {
    lines: mpsc::Receiver<Result<String, LineTooLong>>,
    shared: Arc<Shared>,
    commands: Commands,
    /// Interrupting commands the loop has taken from the queue.
    interrupts_taken: u64,
    /// The last command taken started a search.
    searching: bool,
}

/// A line's command word.
fn command(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

impl Input {
    /// Start reading stdin; `stop` is the flag the searches poll. At the end of the input
    /// the reader queues `quit`.
    pub fn stdin(stop: Arc<AtomicBool>, commands: Commands) -> Input {
        let (tx, lines) = mpsc::channel();
        let shared = Arc::new(Shared {
            stop,
            interrupts_read: AtomicU64::new(0),
            searches_pending: AtomicU64::new(0),
        });
        let reader = shared.clone();
        let Commands {
            interrupts,
            searches,
            during_search,
            say,
        } = commands;
        std::thread::spawn(move || {
            let stdin = std::io::stdin();
            let mut stdin = stdin.lock();
            while let Ok(Some(line)) = read_line(&mut stdin, MAX_LINE_BYTES) {
                let line = match line {
                    Ok(line) => line,
                    Err(too_long) => {
                        if tx.send(Err(too_long)).is_err() {
                            break;
                        }
                        continue;
                    }
                };
                let cmd = command(&line);
                if reader.searches_pending.load(Ordering::SeqCst) > 0 {
                    if let Some(answer) = during_search(cmd) {
                        say(answer);
                        continue;
                    }
                }
                if interrupts(cmd) {
                    reader.interrupts_read.fetch_add(1, Ordering::SeqCst);
                    reader.stop.store(true, Ordering::SeqCst);
                }
                if searches(cmd) {
                    reader.searches_pending.fetch_add(1, Ordering::SeqCst);
                }
                if tx.send(Ok(line)).is_err() {
                    break;
                }
            }
            // The end of input is a `quit`, counted as the loop will count it.
            if interrupts("quit") {
                reader.interrupts_read.fetch_add(1, Ordering::SeqCst);
                reader.stop.store(true, Ordering::SeqCst);
            }
            let _ = tx.send(Ok("quit".to_string()));
        });
        Input {
            lines,
            shared,
            commands,
            interrupts_taken: 0,
            searching: false,
        }
    }

    /// The next command, with the stop flag set for it: raised if an interrupting command
    /// was read after it; or a line too long to read, for the protocol to report. `None`
    /// when the reader has ended.
    pub fn next(&mut self) -> Option<Result<String, LineTooLong>> {
        if std::mem::take(&mut self.searching) {
            self.shared.searches_pending.fetch_sub(1, Ordering::SeqCst);
        }
        let line = match self.lines.recv().ok()? {
            Ok(line) => line,
            Err(too_long) => return Some(Err(too_long)),
        };
        let cmd = command(&line);
        if (self.commands.interrupts)(cmd) {
            self.interrupts_taken += 1;
        }
        self.searching = (self.commands.searches)(cmd);
        // Lower the flag, then raise it again if an interrupt is already read: the reader
        // counts before it raises, so an interrupt read meanwhile is never lost.
        self.shared.stop.store(false, Ordering::SeqCst);
        if self.shared.interrupts_read.load(Ordering::SeqCst) > self.interrupts_taken {
            self.shared.stop.store(true, Ordering::SeqCst);
        }
        Some(Ok(line))
    }
}

/// XBoard numbers the ranks of a board with exactly ten of them from 0 (its protocol
/// says so: such a board's first rank is `a0`), every other board from 1 as we do. This
/// rewrites every square of a move or PV text (a lower-case file letter and its rank
/// digits) by `delta` ranks: −1 on the way to XBoard, +1 on the way back. Other boards
/// pass unchanged.
pub(crate) fn shift_ranks(text: &str, ranks: u8, delta: i32) -> String {
    if ranks != 10 {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        out.push(c);
        rest = &rest[c.len_utf8()..];
        if !c.is_ascii_lowercase() {
            continue;
        }
        let digits = rest.len() - rest.trim_start_matches(|d: char| d.is_ascii_digit()).len();
        if digits > 0 {
            match rest[..digits].parse::<i32>() {
                Ok(r) => out.push_str(&(r + delta).to_string()),
                Err(_) => out.push_str(&rest[..digits]),
            }
            rest = &rest[digits..];
        }
    }
    out
}

/// A FEN with its e.p. square (the fourth field) moved by `delta` ranks ([`shift_ranks`]).
pub(crate) fn shift_fen(fen: &str, ranks: u8, delta: i32) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    if let Some(ep) = fields.get_mut(3) {
        *ep = shift_ranks(ep, ranks, delta);
    }
    fields.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<Result<String, LineTooLong>> {
        // A 3-byte buffer: lines and their ends straddle the reads.
        let mut r = std::io::BufReader::with_capacity(3, input);
        std::iter::from_fn(|| read_line(&mut r, max).unwrap()).collect()
    }

    #[test]
    fn lines_over_the_limit_are_skipped_whole_and_reading_goes_on() {
        let got = lines(b"go\r\nposition fen x\nisready\n\nquit", 10);
        assert_eq!(
            got,
            [
                Ok("go".to_string()),
                Err(LineTooLong { bytes: 14 }),
                Ok("isready".to_string()),
                Ok(String::new()),
                Ok("quit".to_string()),
            ]
        );
        // Exactly the limit is fine; a stray byte is replaced, not the end.
        assert_eq!(
            lines(b"0123456789\n\xffok\n", 10),
            [Ok("0123456789".to_string()), Ok("\u{fffd}ok".to_string())]
        );
        assert_eq!(lines(b"", 10), []);
    }
}
