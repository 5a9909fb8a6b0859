//! Default moves implied by piece names (xbetza.md §15).

/// The move a piece line gets when its Betza field is empty, from its name (matched
/// case-insensitively, surrounding whitespace ignored). `None` when the name is not recognised.
///
/// The names of xbetza.md §15 marked \[C\] (pawn, knight, bishop, rook, queen, king, archbishop,
/// chancellor, lion, cannon) plus the "probably recognised" common fairies: amazon, marshall,
/// cardinal, ferz/fers, wazir, alfil, dabbaba, camel, zebra, nightrider, grasshopper,
/// commoner, man, centaur, gnu/wildebeest and giraffe (`(4,1)`), and Omega Chess's wizard and
/// champion (H. G. Muller's Gross Chess and Omega Chess diagrams leave their move fields empty).
///
/// ```
/// assert_eq!(idiagram::default_betza("Pawn"), Some("fmWfceFifmnD"));
/// assert_eq!(idiagram::default_betza(" KING "), Some("KisO2"));
/// assert_eq!(idiagram::default_betza("warrior"), None);
/// ```
pub fn default_betza(name: &str) -> Option<&'static str> {
    let lower = name.trim().to_lowercase();
    Some(match lower.as_str() {
        "pawn" => "fmWfceFifmnD",
        "knight" => "N",
        "bishop" => "B",
        "rook" => "R",
        "queen" => "Q",
        "king" => "KisO2",
        "archbishop" | "cardinal" => "BN",
        "chancellor" | "marshall" => "RN",
        "amazon" => "QN",
        "lion" => "KNADcaKmcabK",
        "cannon" => "mRcpR",
        "ferz" | "fers" => "F",
        "wazir" => "W",
        "alfil" => "A",
        "dabbaba" => "D",
        "camel" => "C",
        "zebra" => "Z",
        "nightrider" => "NN",
        "grasshopper" => "gQ",
        "commoner" | "man" => "K",
        "centaur" => "KN",
        "gnu" | "wildebeest" => "NC",
        "giraffe" => "(4,1)",
        // Omega Chess's pieces: the rendered legend of H. G. Muller's Gross Chess diagram
        // (chessvariants.com comment 33387), whose lines leave these moves empty, shows
        // wizard FC and champion WAD.
        "wizard" => "FC",
        "champion" => "WAD",
        _ => return None,
    })
}

/// The default ID of a piece: the first character of its name, upper-cased.
pub(crate) fn default_id(name: &str) -> String {
    name.trim()
        .chars()
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default()
}
