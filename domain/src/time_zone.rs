//! A workspace's time zone: an IANA name ("Africa/Lagos"), so daylight saving and a
//! country's changes of offset are the tz database's business, never a fixed number of
//! seconds. A workspace that never chose one is in its organization's country's zone.

use chrono_tz::Tz;

/// The zone of a workspace whose organization names no known country: DESIGN.md §5
/// defaults a workspace to Nigeria's conventions (NGN).
pub const DEFAULT_TIME_ZONE: Tz = Tz::Africa__Lagos;

/// Longest IANA zone name accepted ("America/Argentina/ComodRivadavia" is 32).
pub const TIME_ZONE_CHARS_MAX: usize = 64;

/// Country names (lower case) and common short forms, to the zone most of the country's
/// businesses keep. The same countries the screens know a locale for; a country with
/// several zones takes its capital's or largest business centre's.
const COUNTRY_ZONES: &[(&str, Tz)] = &[
    ("nigeria", Tz::Africa__Lagos),
    ("ghana", Tz::Africa__Accra),
    ("kenya", Tz::Africa__Nairobi),
    ("south africa", Tz::Africa__Johannesburg),
    ("uganda", Tz::Africa__Kampala),
    ("tanzania", Tz::Africa__Dar_es_Salaam),
    ("rwanda", Tz::Africa__Kigali),
    ("zambia", Tz::Africa__Lusaka),
    ("united kingdom", Tz::Europe__London),
    ("england", Tz::Europe__London),
    ("ireland", Tz::Europe__Dublin),
    ("united states", Tz::America__New_York),
    ("usa", Tz::America__New_York),
    ("canada", Tz::America__Toronto),
    ("india", Tz::Asia__Kolkata),
    ("australia", Tz::Australia__Sydney),
];

/// Why a time zone was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeZoneError {
    #[error("'{name}' is not a time zone; choose one such as Africa/Lagos")]
    Unknown { name: String },
}

/// An IANA zone name, exactly as the tz database spells it (surrounding whitespace
/// forgiven). Abbreviations ("WAT") and offsets ("+01:00") are refused: they do not say
/// when the clocks change.
pub fn parse_time_zone(raw: &str) -> Result<Tz, TimeZoneError> {
    let name = raw.trim();
    let unknown = || TimeZoneError::Unknown {
        name: name.chars().take(TIME_ZONE_CHARS_MAX).collect(),
    };
    // The tz database also names a few legacy aliases without a slash ("GMT", "EST5EDT");
    // they parse, but are not what a person picks from a list of places.
    if name.len() > TIME_ZONE_CHARS_MAX || (!name.contains('/') && name != "UTC") {
        return Err(unknown());
    }
    name.parse::<Tz>().map_err(|_| unknown())
}

/// The zone of a workspace that never chose one: its organization's country's (the
/// organization's `location` is free text, "Lagos, Nigeria"; the country is looked for by
/// name), or [`DEFAULT_TIME_ZONE`].
pub fn default_time_zone(location: Option<&str>) -> Tz {
    let text = location.unwrap_or_default().to_lowercase();
    COUNTRY_ZONES
        .iter()
        .find(|(country, _)| names_word(&text, country))
        .map_or(DEFAULT_TIME_ZONE, |(_, zone)| *zone)
}

/// The zone a workspace is in: the one it chose (if still a known name), else the default.
pub fn effective_time_zone(chosen: Option<&str>, location: Option<&str>) -> Tz {
    chosen
        .and_then(|name| parse_time_zone(name).ok())
        .unwrap_or_else(|| default_time_zone(location))
}

/// Whether `text` holds `word` with no letter either side ("usa" is not in "jerusalem").
fn names_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphabetic()) && !after.is_some_and(|c| c.is_alphabetic())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nigerian_organization_works_in_lagos_time() {
        assert_eq!(
            default_time_zone(Some("14 Broad Street, Lagos Island, Lagos, Nigeria")),
            Tz::Africa__Lagos
        );
    }

    #[test]
    fn an_organization_naming_another_country_gets_that_countrys_zone() {
        assert_eq!(
            default_time_zone(Some("Nairobi, Kenya")),
            Tz::Africa__Nairobi
        );
        assert_eq!(
            default_time_zone(Some("Leeds, England")),
            Tz::Europe__London
        );
    }

    #[test]
    fn no_country_named_means_lagos() {
        assert_eq!(default_time_zone(None), DEFAULT_TIME_ZONE);
        assert_eq!(default_time_zone(Some("Jerusalem")), DEFAULT_TIME_ZONE);
    }

    #[test]
    fn a_zone_is_an_iana_name() {
        assert_eq!(parse_time_zone(" Europe/London "), Ok(Tz::Europe__London));
        assert_eq!(parse_time_zone("UTC"), Ok(Tz::UTC));
        for refused in ["WAT", "+01:00", "Africa/Atlantis", "EST5EDT", ""] {
            assert!(parse_time_zone(refused).is_err(), "{refused}");
        }
    }

    #[test]
    fn a_chosen_zone_wins_over_the_countrys() {
        assert_eq!(
            effective_time_zone(Some("Europe/London"), Some("Lagos, Nigeria")),
            Tz::Europe__London
        );
        assert_eq!(
            effective_time_zone(None, Some("Accra, Ghana")),
            Tz::Africa__Accra
        );
    }
}
