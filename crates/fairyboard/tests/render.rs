//! `fairyboard render`: SVG on standard output, files by extension, options and bad input.
//! Expected geometry follows from the documented layout (40-pixel squares by default, a1
//! bottom left, or top right when flipped); PNG sizes are read from the file's IHDR header.

use std::path::PathBuf;
use std::process::{Command, Output};

fn variants_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairyboard-render-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir.join(name)
}

fn run(args: &[&str]) -> Output {
    let cwd = scratch("cwd");
    std::fs::create_dir_all(&cwd).expect("cwd");
    Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .arg("render")
        .args(args)
        .current_dir(&cwd)
        .env("FAIRYBOARD_VARIANTS", variants_dir())
        .output()
        .expect("the binary runs")
}

fn ok(args: &[&str]) -> String {
    let o = run(args);
    assert!(
        o.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).expect("utf-8")
}

fn fails(args: &[&str]) -> String {
    let o = run(args);
    assert!(!o.status.success(), "{args:?} should fail");
    assert!(o.stdout.is_empty());
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Placing `<use>` elements (outside `<defs>`).
fn uses(svg: &str) -> usize {
    svg.split("</defs>")
        .last()
        .unwrap()
        .matches("<use ")
        .count()
}

/// Width and height from a PNG's IHDR chunk (bytes 16–23, big-endian).
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&bytes[12..16], b"IHDR");
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    (be(16), be(20))
}

#[test]
fn ffen_to_svg_on_stdout() {
    let svg = ok(&["--ffen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"]);
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"320\"")
    );
    assert_eq!(uses(&svg), 32);
    // A leading '-' (neutral piece) is a value, not an option.
    let svg = ok(&["--ffen", "-Q*1q"]);
    assert_eq!(uses(&svg), 2);
    assert!(svg.contains("rotate(90 60 20)"));
}

#[test]
fn variant_position_with_fen_flip_and_highlight() {
    let svg = ok(&[
        "chess",
        "--fen",
        "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1",
        "--flip",
        "--highlight",
        "e4",
    ]);
    assert_eq!(uses(&svg), 3);
    // e4 flipped: column 8−1−4 = 3, row 3 → (120, 120).
    assert!(svg.contains("class=\"hl\" x=\"120\" y=\"120\""), "{svg}");
    // A non-square board: xiangqi is 9 files × 10 ranks.
    let svg = ok(&["xiangqi", "--size", "30"]);
    assert!(svg.contains("width=\"270\" height=\"300\""));
    assert_eq!(uses(&svg), 32);
}

#[test]
fn files_by_extension() {
    let png = scratch("shogi.png");
    assert_eq!(
        ok(&[
            "shogi",
            "-o",
            png.to_str().unwrap(),
            "--size",
            "20",
            "--coords"
        ]),
        ""
    );
    // 9 × 20 plus a 10-pixel coordinate margin each way, and shogi has holdings: a
    // one-square hand strip above and below the board (render's layout rule).
    assert_eq!(png_size(&std::fs::read(&png).unwrap()), (190, 190 + 2 * 20));
    let svg = scratch("d.svg");
    ok(&["--ffen", "K", "-o", svg.to_str().unwrap()]);
    assert_eq!(uses(&std::fs::read_to_string(&svg).unwrap()), 1);
}

#[test]
fn bad_input_is_named() {
    let e = fails(&["--ffen", "8/8/9"]);
    assert!(e.contains("character 5") && e.contains("9 squares"), "{e}");
    let e = fails(&["--ffen", "8", "-o", "x.gif"]);
    assert!(e.contains(".svg or .png"), "{e}");
    let e = fails(&["chess", "--size", "5000"]);
    assert!(e.contains("--size 5000"), "{e}");
    let e = fails(&["chess", "--highlight", "i9"]);
    assert!(e.contains("i9 is not on the 8×8 board"), "{e}");
    let e = fails(&["chess", "--highlight", "e44x"]);
    assert!(e.contains("--highlight"), "{e}");
    let e = fails(&["chess", "--fen", "8/8/8"]);
    assert!(!e.is_empty());
    let e = fails(&["no-such-variant"]);
    assert!(e.contains("no-such-variant"), "{e}");
    fails(&[]);
    fails(&["chess", "--ffen", "8"]);
}
