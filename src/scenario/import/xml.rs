//! Reading XML (Chummer's files): the file and document being read, to name a place in them in a message; a child
//! element's text, a list's items, Chummer's "True".

use std::path::Path;

use roxmltree::{Document, Node};

use super::ImportError;
use super::unplayable::Unplayable;

/// The file being read, to name a place in it in a message.
pub(super) struct Reading<'a, 'input> {
    pub file: &'a Path,
    pub doc: &'a Document<'input>,
}

impl Reading<'_, '_> {
    /// An error at `node`: its line and column, its element and the item it belongs to.
    pub fn error(&self, node: Node, message: impl Into<String>) -> ImportError {
        let pos = self.doc.text_pos_at(node.range().start);
        // The item it belongs to (a weapon, an attribute), not the character itself.
        let mut items = node.ancestors().take_while(|a| a.parent_element().is_some());
        let item = items.find_map(|a| text(a, "name")).map(|n| format!(" ({n})")).unwrap_or_default();
        let at = format!("{}:{}: <{}>{item}", pos.row, pos.col, node.tag_name().name());
        ImportError { file: self.file.to_owned(), at: Some(at), message: message.into() }
    }

    /// Where `node` is, as a report says it: "line 28, `<damage>`".
    pub fn place(&self, node: Node) -> String {
        let pos = self.doc.text_pos_at(node.range().start);
        format!("line {}, `<{}>`", pos.row, node.tag_name().name())
    }

    /// An item left out at `node` for `reason` (our rules cannot play it as the file gives it).
    pub fn unplayable(&self, node: Node, reason: impl Into<String>) -> Unplayable {
        Unplayable::at(self.place(node), reason)
    }

    /// The whole number in `node`'s child `tag` of an item, if it has one; the item left out if it is not a number.
    pub fn item_number(&self, node: Node, tag: &str) -> Result<Option<i64>, Unplayable> {
        let Some(child) = node.children().find(|c| c.has_tag_name(tag)) else { return Ok(None) };
        let value = child.text().unwrap_or_default().trim();
        value.parse().map(Some).map_err(|_| self.unplayable(child, format!("`{value}` is not a whole number")))
    }

    /// The whole number in `node`'s child `tag`, if it has one; an error if it is not a number.
    pub fn number(&self, node: Node, tag: &str) -> Result<Option<i64>, ImportError> {
        let Some(child) = node.children().find(|c| c.has_tag_name(tag)) else { return Ok(None) };
        let value = child.text().unwrap_or_default().trim();
        value.parse().map(Some).map_err(|_| self.error(child, format!("`{value}` is not a whole number")))
    }
}

/// The trimmed text of `node`'s child `tag`.
pub(super) fn text<'a>(node: Node<'a, '_>, tag: &str) -> Option<&'a str> {
    node.children().find(|c| c.has_tag_name(tag)).and_then(|c| c.text()).map(str::trim)
}

/// The `item` elements of `node`'s child list `list` (`<weapons><weapon>…`).
pub(super) fn items<'a, 'input>(node: Node<'a, 'input>, list: &str, item: &str) -> Vec<Node<'a, 'input>> {
    let lists = node.children().filter(|c| c.has_tag_name(list));
    lists.flat_map(|l| l.children().filter(|c| c.has_tag_name(item))).collect()
}

/// Chummer's "True".
pub(super) fn yes(node: Node, tag: &str) -> bool {
    text(node, tag).is_some_and(|t| t.eq_ignore_ascii_case("true"))
}
