//! The fairyboard AI: alpha-beta search over the rules core, for any defined variant.
