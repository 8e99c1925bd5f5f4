//! What a valid announcement is: its title, message, severity and link, each checked and
//! every problem named by its field.

use event_schemas::notification::{Severity, LINK_CHARS_MAX, MESSAGE_CHARS_MAX, TITLE_CHARS_MAX};

/// A field and what is wrong with it.
pub type FieldProblem = (&'static str, String);

/// The content of a notification an administrator sends, once checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Content {
    pub title: String,
    pub message: String,
    pub severity: Severity,
    pub link: Option<String>,
}

/// Checks an announcement's fields; every problem is reported, each naming its field.
/// `severity` defaults to info; `link` must be a path inside the product.
pub fn announcement(
    title: &str,
    message: &str,
    severity: Option<&str>,
    link: Option<&str>,
) -> Result<Content, Vec<FieldProblem>> {
    let mut problems = Vec::new();
    let title = title.trim();
    if title.is_empty() {
        problems.push(("title", "Title is required".to_owned()));
    } else if title.chars().count() > TITLE_CHARS_MAX {
        problems.push((
            "title",
            format!("Title must be at most {TITLE_CHARS_MAX} characters"),
        ));
    }
    let message = message.trim();
    if message.is_empty() {
        problems.push(("message", "Message is required".to_owned()));
    } else if message.chars().count() > MESSAGE_CHARS_MAX {
        problems.push((
            "message",
            format!("Message must be at most {MESSAGE_CHARS_MAX} characters"),
        ));
    }
    let severity = match severity.map(str::trim) {
        None | Some("") => Some(Severity::Info),
        Some(value) => Severity::parse(value),
    };
    if severity.is_none() {
        problems.push((
            "severity",
            "Severity must be one of info, success, warning, error".to_owned(),
        ));
    }
    let link = link.map(str::trim).filter(|l| !l.is_empty());
    if let Some(link) = link {
        if !link.starts_with('/') || link.starts_with("//") || link.chars().count() > LINK_CHARS_MAX
        {
            problems.push((
                "link",
                format!(
                    "Link must be a path inside the product, starting with / (at most {LINK_CHARS_MAX} characters)"
                ),
            ));
        }
    }
    match (problems.is_empty(), severity) {
        (true, Some(severity)) => Ok(Content {
            title: title.to_owned(),
            message: message.to_owned(),
            severity,
            link: link.map(str::to_owned),
        }),
        _ => Err(problems),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_announcement_without_title_or_message_names_both_fields() {
        let problems = announcement(" ", "", None, None).expect_err("refused");
        let fields: Vec<_> = problems.iter().map(|(f, _)| *f).collect();
        assert_eq!(fields, ["title", "message"]);
    }

    #[test]
    fn an_unknown_severity_is_refused_and_a_missing_one_is_info() {
        assert_eq!(
            announcement("T", "M", Some("critical"), None).expect_err("refused")[0].0,
            "severity"
        );
        assert_eq!(
            announcement("T", "M", None, None)
                .expect("accepted")
                .severity,
            Severity::Info
        );
    }

    #[test]
    fn a_link_must_stay_inside_the_product() {
        assert!(announcement("T", "M", None, Some("https://evil.example")).is_err());
        assert!(announcement("T", "M", None, Some("//evil.example")).is_err());
        assert!(announcement("T", "M", None, Some("/accounting/journal-entry")).is_ok());
    }

    #[test]
    fn a_title_longer_than_the_limit_is_refused() {
        let long = "x".repeat(TITLE_CHARS_MAX + 1);
        assert_eq!(
            announcement(&long, "M", None, None).expect_err("refused")[0].0,
            "title"
        );
    }
}
