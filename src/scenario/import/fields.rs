//! Reading JSON (EPCC's saves, Foundry's actors): a value with the path that leads to it, so that a message names
//! the element (`charSavePack.egoSavePack.skillsSavePacks[3].baseValue`); numbers as numbers or as text, since the
//! tools write both.

use std::path::Path;

use serde_json::Value;

use super::ImportError;
use super::unplayable::Unplayable;

/// A value of the file being read, and where it is.
#[derive(Clone)]
pub(super) struct Field<'a> {
    pub file: &'a Path,
    pub value: &'a Value,
    path: String,
}

/// The file's whole JSON, or where it stops being JSON.
pub(super) fn parse(text: &str, file: &Path, whose: &str) -> Result<Value, ImportError> {
    serde_json::from_str(text).map_err(|e| ImportError {
        file: file.to_owned(),
        at: Some(format!("{}:{}", e.line(), e.column())),
        message: format!("not a whole JSON file ({e}): cut short, or not {whose}"),
    })
}

impl<'a> Field<'a> {
    pub fn root(file: &'a Path, value: &'a Value) -> Self {
        Field { file, value, path: String::new() }
    }

    /// An error at this field.
    pub fn error(&self, message: impl Into<String>) -> ImportError {
        let at = if self.path.is_empty() { None } else { Some(format!("`{}`", self.path)) };
        ImportError { file: self.file.to_owned(), at, message: message.into() }
    }

    /// An item left out at this field for `reason` (our rules cannot play it as the file gives it).
    pub fn unplayable(&self, reason: impl Into<String>) -> Unplayable {
        let place = if self.path.is_empty() { None } else { Some(format!("`{}`", self.path)) };
        Unplayable { reason: reason.into(), place }
    }

    /// The child `key`, if the file has it and it is not null.
    pub fn get(&self, key: &str) -> Option<Field<'a>> {
        let value = self.value.get(key).filter(|v| !v.is_null())?;
        let path = if self.path.is_empty() { key.to_owned() } else { format!("{}.{key}", self.path) };
        Some(Field { file: self.file, value, path })
    }

    /// The first of `keys` the file has.
    pub fn first(&self, keys: &[&str]) -> Option<Field<'a>> {
        keys.iter().find_map(|k| self.get(k))
    }

    /// The child `key`, which must be there.
    pub fn need(&self, key: &str, what: &str) -> Result<Field<'a>, ImportError> {
        self.get(key).ok_or_else(|| self.error(format!("no `{key}` ({what})")))
    }

    /// The items of the list `key` (none when the file has no such list).
    pub fn items(&self, key: &str) -> Vec<Field<'a>> {
        let Some(list) = self.get(key) else { return Vec::new() };
        let Some(values) = list.value.as_array() else { return Vec::new() };
        let at = |(i, value)| Field { file: self.file, value, path: format!("{}[{i}]", list.path) };
        values.iter().enumerate().map(at).collect()
    }

    /// The members of the object `key`, by name (none when the file has no such object).
    pub fn members(&self, key: &str) -> Vec<(&'a str, Field<'a>)> {
        self.get(key).map(|object| object.entries()).unwrap_or_default()
    }

    /// This object's members, by name (none when it is not an object).
    pub fn entries(&self) -> Vec<(&'a str, Field<'a>)> {
        let Some(map) = self.value.as_object() else { return Vec::new() };
        map.keys().filter_map(|k| self.get(k).map(|f| (k.as_str(), f))).collect()
    }

    /// The text of the child `key`, trimmed.
    pub fn text(&self, key: &str) -> Option<&'a str> {
        self.value.get(key).and_then(Value::as_str).map(str::trim)
    }

    /// This field as a whole number: a number or its text; none for null or empty text.
    pub fn as_number(&self) -> Result<Option<i64>, ImportError> {
        let bad = || self.error(format!("`{}` is not a whole number", self.value));
        match self.value {
            Value::Null => Ok(None),
            Value::Number(n) => match n.as_i64() {
                Some(n) => Ok(Some(n)),
                // A float the tool wrote for a whole number (2.0).
                None => {
                    n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 1e9).map(|f| Some(f as i64)).ok_or_else(bad)
                }
            },
            Value::String(s) if s.trim().is_empty() => Ok(None),
            Value::String(s) => s.trim().parse().map(Some).map_err(|_| bad()),
            _ => Err(bad()),
        }
    }

    /// The whole number at the child `key`, if any.
    pub fn number(&self, key: &str) -> Result<Option<i64>, ImportError> {
        self.get(key).map_or(Ok(None), |f| f.as_number())
    }

    /// The sum of the whole numbers at `keys` (those missing count 0).
    pub fn sum(&self, keys: &[&str]) -> Result<i64, ImportError> {
        keys.iter().try_fold(0_i64, |total, k| Ok(total.saturating_add(self.number(k)?.unwrap_or(0))))
    }

    /// The child `key` as true or false (`true`, `"true"`, `1`); none when it is not there.
    pub fn flag(&self, key: &str) -> Option<bool> {
        match self.value.get(key)? {
            Value::Bool(b) => Some(*b),
            Value::String(s) => Some(s.trim().eq_ignore_ascii_case("true")),
            Value::Number(n) => Some(n.as_i64() != Some(0)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_numbers_or_text_and_a_bad_one_names_its_path() {
        let value: Value =
            serde_json::from_str(r#"{"a": {"b": [{"n": "12"}, {"n": 3}, {"n": 2.0}, {"n": null}, {"n": "x"}]}}"#)
                .expect("JSON");
        let file = Path::new("c.json");
        let root = Field::root(file, &value);
        let a = root.get("a").expect("a");
        let numbers: Vec<_> = a.items("b").iter().map(|i| i.number("n").map_err(|e| e.to_string())).collect();
        assert_eq!(numbers[..4], [Ok(Some(12)), Ok(Some(3)), Ok(Some(2)), Ok(None)]);
        assert_eq!(numbers[4], Err("c.json:`a.b[4].n`: `\"x\"` is not a whole number".to_owned()));
        assert_eq!(a.sum(&["missing"]).ok(), Some(0));
    }
}
