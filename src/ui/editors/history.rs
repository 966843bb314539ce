//! Undo and redo for the editors: the states a thing being edited went through, one step per gesture (a stroke of
//! paint, a drag of a number, a text typed until the field is left), not per frame; and whether the state now is the
//! one last saved (undoing back to it is no change to save).

/// The states of one thing being edited.
pub struct History<T> {
    /// The state as it was after the last step, and its number.
    settled: T,
    now: u64,
    /// Earlier states (the last is the one an undo brings back), and later ones an undo left (for a redo).
    past: Vec<(u64, T)>,
    future: Vec<(u64, T)>,
    /// Changed since the last step, the step not taken yet (a gesture under way).
    pending: bool,
    /// The number of the state last saved; none when nothing of it is saved.
    saved: Option<u64>,
    /// Numbers for states to come.
    next: u64,
}

/// The most steps kept: an hour's editing, and a bound on the memory a long session takes.
const KEPT: usize = 200;

impl<T: Clone> History<T> {
    /// A history starting at `start`, saved as it is or not (a new thing never saved).
    pub fn new(start: &T, saved: bool) -> Self {
        let saved = saved.then_some(0);
        History { settled: start.clone(), now: 0, past: Vec::new(), future: Vec::new(), pending: false, saved, next: 1 }
    }

    /// The state changed: a step is taken once the gesture is over ([`History::settle`]).
    pub fn touched(&mut self) {
        self.pending = true;
    }

    /// Takes the step a change made, unless a gesture is still `busy` (a button held, a text field being typed in).
    pub fn settle(&mut self, now: &T, busy: bool) {
        if !self.pending || busy {
            return;
        }
        let before = std::mem::replace(&mut self.settled, now.clone());
        self.past.push((self.now, before));
        if self.past.len() > KEPT {
            self.past.remove(0);
        }
        (self.now, self.next, self.pending) = (self.next, self.next + 1, false);
        self.future.clear();
    }

    /// The state before the last step (a change under way is a step first); none at the start.
    pub fn undo(&mut self, now: &T) -> Option<T> {
        self.settle(now, false);
        let (past, future) = (&mut self.past, &mut self.future);
        Self::walk(&mut self.settled, &mut self.now, past, future)
    }

    /// The state an undo left; none after a new change (it starts another line of states).
    pub fn redo(&mut self, now: &T) -> Option<T> {
        self.settle(now, false);
        let (past, future) = (&mut self.past, &mut self.future);
        Self::walk(&mut self.settled, &mut self.now, future, past)
    }

    /// One step from `settled` to the last state of `from`, the state left pushed on `to`.
    fn walk(settled: &mut T, now: &mut u64, from: &mut Vec<(u64, T)>, to: &mut Vec<(u64, T)>) -> Option<T> {
        let (number, state) = from.pop()?;
        let left = std::mem::replace(settled, state.clone());
        to.push((*now, left));
        *now = number;
        Some(state)
    }

    pub fn can_undo(&self) -> bool {
        self.pending || !self.past.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.pending && !self.future.is_empty()
    }

    /// `now` is saved.
    pub fn saved(&mut self, now: &T) {
        self.settle(now, false);
        self.saved = Some(self.now);
    }

    /// Whether the state differs from the one last saved.
    pub fn unsaved(&self) -> bool {
        self.pending || self.saved != Some(self.now)
    }
}

/// What the keyboard asks of a history this frame: Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes (⌘ on a Mac). A text
/// field being typed in keeps its own undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    Undo,
    Redo,
}

/// The undo or redo the keyboard asks for, if any.
pub fn keys(ctx: &bevy_egui::egui::Context) -> Option<Asked> {
    use bevy_egui::egui::{Key, KeyboardShortcut, Modifiers};
    if ctx.egui_wants_keyboard_input() {
        return None;
    }
    let redo = [
        KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z),
        KeyboardShortcut::new(Modifiers::COMMAND, Key::Y),
    ];
    ctx.input_mut(|i| {
        // The longer shortcut first: Ctrl+Shift+Z would also match Ctrl+Z.
        if redo.iter().any(|k| i.consume_shortcut(k)) {
            return Some(Asked::Redo);
        }
        i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::Z)).then_some(Asked::Undo)
    })
}

/// Whether a gesture is under way: a pointer button held (a stroke, a drag), or a text field being typed in.
pub fn busy(ctx: &bevy_egui::egui::Context) -> bool {
    ctx.input(|i| i.pointer.any_down()) || ctx.egui_wants_keyboard_input()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gesture_is_one_step_and_undo_and_redo_walk_the_steps() {
        let mut h = History::new(&0, true);
        // A stroke over three frames: one step when the button is let go.
        for (state, busy) in [(1, true), (2, true), (3, false)] {
            h.touched();
            h.settle(&state, busy);
        }
        h.touched();
        h.settle(&5, false);
        assert_eq!(h.undo(&5), Some(3));
        assert_eq!(h.undo(&3), Some(0), "the whole stroke at once");
        assert_eq!(h.undo(&0), None, "nothing before the start");
        assert!(!h.unsaved(), "back at the state saved");
        assert_eq!(h.redo(&0), Some(3));
        assert!(h.unsaved());
        assert_eq!(h.redo(&3), Some(5));
        assert_eq!(h.redo(&5), None);
    }

    #[test]
    fn a_new_change_after_an_undo_drops_the_redo_and_a_change_under_way_is_undone_whole() {
        let mut h = History::new(&"a", false);
        assert!(h.unsaved(), "never saved");
        h.touched();
        h.settle(&"b", false);
        assert_eq!(h.undo(&"b"), Some("a"));
        h.touched();
        h.settle(&"c", false);
        assert!(!h.can_redo(), "a new line of states");
        // Typing under way (the field still has the keyboard): the undo takes it back whole.
        h.touched();
        h.settle(&"cd", true);
        assert_eq!(h.undo(&"cde"), Some("c"));
        h.saved(&"c");
        assert!(!h.unsaved());
        assert_eq!(h.undo(&"c"), Some("a"));
        assert!(h.unsaved(), "the state saved was c");
    }
}
