//! Request validation (decision 036): request types derive
//! `garde::Validate`, their custom rules return the spec's texts, and this
//! file turns garde's report into the envelope's field map — the one place
//! a field-error map is built.

use crate::http::ApiError;
use garde::Validate;
use std::collections::BTreeMap;

/// Each refused field (`contact.email`, `geotab.database`) with its text.
pub type FieldErrors = BTreeMap<String, String>;

/// A request that broke its rules. `message` is the envelope's sentence: the
/// text of the first field in name order, unless a module says otherwise.
#[derive(Debug)]
pub struct Refusal {
    pub message: String,
    pub fields: FieldErrors,
}

impl Refusal {
    /// One refused field, its text also the envelope's sentence.
    pub fn one(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        Refusal {
            fields: BTreeMap::from([(field.to_owned(), message.clone())]),
            message,
        }
    }

    /// A refusal that is no field's: a sentence only.
    pub fn without_fields(message: impl Into<String>) -> Self {
        Refusal {
            message: message.into(),
            fields: FieldErrors::new(),
        }
    }

    /// Fields refused by a rule of `crates/domain` that answers with a map
    /// (the driver form): the first field in name order is the sentence.
    pub fn of(fields: FieldErrors) -> Self {
        Refusal {
            message: fields.values().next().cloned().unwrap_or_default(),
            fields,
        }
    }

    /// Fields refused by a rule of `crates/domain` that answers in its own
    /// order (the sign-up contact): its first is the sentence.
    pub fn in_order(errors: Vec<(&str, &str)>) -> Self {
        Refusal {
            message: errors
                .first()
                .map(|(_, m)| (*m).to_owned())
                .unwrap_or_default(),
            fields: errors
                .into_iter()
                .map(|(field, message)| (field.to_owned(), message.to_owned()))
                .collect(),
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> Self {
        ApiError::Invalid {
            message: refusal.message,
            fields: refusal.fields,
        }
    }
}

/// The report as the envelope names it. A rule answers once per field; were
/// two to answer, the first one reported stays.
pub fn field_errors(report: &garde::Report) -> FieldErrors {
    let mut fields = FieldErrors::new();
    for (path, error) in report.iter() {
        fields
            .entry(path.to_string())
            .or_insert_with(|| error.message().to_owned());
    }
    fields
}

/// Checks a request whose rules need no context.
pub fn check<T>(request: &T) -> Result<(), Refusal>
where
    T: Validate + ?Sized,
    T::Context: Default,
{
    check_with(request, &T::Context::default())
}

/// Checks a request against a context its rules read (e.g. the provider
/// chosen, which decides what credentials are asked for).
pub fn check_with<T>(request: &T, context: &T::Context) -> Result<(), Refusal>
where
    T: Validate + ?Sized,
{
    request
        .validate_with(context)
        .map_err(|report| Refusal::of(field_errors(&report)))
}

/// A refusal as a custom rule returns it: the spec's text.
pub fn refuse(text: &str) -> garde::Result {
    Err(garde::Error::new(text))
}

/// 'At most {max} characters', for a field over its length.
pub fn at_most(max: usize) -> String {
    domain::texts::fill(
        &domain::texts().server.requests.at_most,
        &[("max", &max.to_string())],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn required(value: &str, _: &()) -> garde::Result {
        if value.trim().is_empty() {
            refuse("Required")
        } else {
            Ok(())
        }
    }

    #[derive(garde::Validate)]
    struct Contact {
        #[garde(custom(required))]
        email: String,
    }

    #[derive(garde::Validate)]
    struct Form {
        #[garde(custom(required))]
        name: String,
        #[garde(dive)]
        contact: Contact,
    }

    #[test]
    fn fields_are_named_as_the_envelope_names_them() {
        let form = Form {
            name: " ".into(),
            contact: Contact { email: "".into() },
        };
        let refusal = check(&form).unwrap_err();
        assert_eq!(
            refusal.fields,
            BTreeMap::from([
                ("contact.email".to_owned(), "Required".to_owned()),
                ("name".to_owned(), "Required".to_owned()),
            ])
        );
        assert_eq!(refusal.message, "Required");
    }

    #[test]
    fn a_valid_request_passes() {
        let form = Form {
            name: "Ann".into(),
            contact: Contact {
                email: "a@b.co".into(),
            },
        };
        assert!(check(&form).is_ok());
    }
}
