//! Default moves implied by piece names (xbetza.md §15).

/// The move a piece line gets when its Betza field is empty, from its name (matched
/// case-insensitively, surrounding whitespace ignored), on a board of the standard 8 files.
/// `None` when the name is not recognised. See [`default_betza_for`] for other widths.
///
/// The names are those the Interactive Diagram's own script (`betza.js`, function
/// `DefaultMove`) recognises: pawn, king, knight, bishop, rook, queen, cardinal and
/// archbishop, chancellor and marshall, amazon, lion, mao and horse, elephant, cannon and
/// pao, advisor, lance, copper, silver(general), gold(general), man and commoner, ferz,
/// camel, zebra, nightrider, grasshopper, griffon/gryphon, wizard, champion and falcon;
/// plus fairyboard's own common fairies (fers, wazir, alfil, dabbaba, centaur,
/// gnu/wildebeest, giraffe), where the script has none.
///
/// ```
/// assert_eq!(idiagram::default_betza("Pawn"), Some("fmWfceFifmnD"));
/// assert_eq!(idiagram::default_betza(" KING "), Some("KisO2"));
/// assert_eq!(idiagram::default_betza("silver"), Some("FfW"));
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
        "lion" => "KNADcaKcabKmabK",
        "cannon" | "pao" => "mRcpR",
        "mao" | "horse" => "mafsW",
        "elephant" => "mafF",
        "advisor" => "F",
        "lance" => "fR",
        "copper" => "vWfF",
        "silver" | "silvergeneral" => "FfW",
        "gold" | "goldgeneral" => "WfF",
        "griffon" | "gryphon" => "yafsF",
        "falcon" => "mafmafsKmafsmafKmaflmafrKmafrmaflK",
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

/// [`default_betza`] on a board `files` wide: the script's King castles three squares on
/// boards wider than 8 files (`KisO3`, as on a 10x8 Capablanca board) and two otherwise.
///
/// ```
/// assert_eq!(idiagram::default_betza_for("King", 10), Some("KisO3"));
/// assert_eq!(idiagram::default_betza_for("King", 8), Some("KisO2"));
/// assert_eq!(idiagram::default_betza_for("rook", 12), Some("R"));
/// ```
pub fn default_betza_for(name: &str, files: u8) -> Option<&'static str> {
    match default_betza(name) {
        Some("KisO2") if files > 8 => Some("KisO3"),
        other => other,
    }
}

/// The default ID of a piece: the first character of its name, upper-cased.
pub(crate) fn default_id(name: &str) -> String {
    name.trim()
        .chars()
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default()
}
