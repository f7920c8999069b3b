//! A layout check for any state of the app: it reads what the last frame
//! laid out and painted and names what a player would trip over.
//!
//! - **Controls** (buttons, check boxes, combo boxes, sliders, text
//!   fields, links, menu items) come from egui's widget rectangles of the
//!   frame, with their accessibility role. One is wrong when it lies
//!   partly outside the window, when it is cut sideways by the panel or
//!   area it sits in (a vertical cut is a scroll area doing its job), when
//!   another control of the same layer overlaps it, or when it belongs to
//!   the menu bar and something on top of it (a drawer, a window) hides
//!   it: the menu bar is the way out of every state.
//! - **Text** comes from the frame's painted shapes. Text is wrong when it
//!   is elided ("Reviewing: 4 of 13 positi…") unless the caller allows
//!   that text to be cut, when it is cut sideways by its clip rectangle
//!   (a column half shown), or when it lies partly outside the window.
//!
//! `docs/layout-check.md` says how to add a state.

use egui_kittest::kittest::NodeT;
use egui_kittest::Harness;
use std::fmt::Write as _;

use eframe::egui::{epaint, LayerId, Order, Rect, Role, Shape};

/// Slack in points for rounding: text and widgets land on fractional
/// positions, and a glyph's side bearing may poke a hair past its box.
const SLACK: f32 = 1.0;

/// The smallest overlap of two controls that counts, in square points:
/// frames that merely touch share a line of pixels.
const OVERLAP_AREA: f32 = 4.0;

/// How tall the menu bar is at most, in points: controls whose top edge
/// lies above it are the menu bar's.
const MENU_BAR_BOTTOM: f32 = 26.0;

/// Roles of what a player clicks, drags or types into.
fn is_control(role: Role) -> bool {
    matches!(
        role,
        Role::Button
            | Role::CheckBox
            | Role::RadioButton
            | Role::ComboBox
            | Role::Slider
            | Role::SpinButton
            | Role::TextInput
            | Role::MultilineTextInput
            | Role::Link
            | Role::MenuItem
            | Role::Tab
    )
}

/// One control as the frame laid it out, in screen coordinates.
#[derive(Debug, Clone)]
struct Control {
    layer: LayerId,
    label: String,
    /// The whole widget.
    rect: Rect,
    /// What of it the player can reach: the rectangle after clipping.
    reachable: Rect,
}

/// What a state's check is told: which texts may be cut with an ellipsis
/// by design (a foreign engine's own words, a long expected line).
#[derive(Debug, Clone, Copy, Default)]
pub struct Allowed<'a> {
    /// Substrings of texts that may be elided.
    pub elided: &'a [&'a str],
}

/// Everything wrong with the last frame's layout, one line each; empty
/// when nothing is. `what` names the state in the lines.
pub fn problems<S>(h: &Harness<'_, S>, what: &str, allowed: Allowed<'_>) -> Vec<String> {
    let ctx = &h.ctx;
    let screen = ctx.content_rect();
    let mut out = Vec::new();
    let controls = controls(h);
    for c in &controls {
        if !screen.expand(SLACK).contains_rect(c.rect) && c.reachable.width() > 0.0 {
            out.push(format!(
                "{what}: control “{}” lies outside the window ({:?} in {:?})",
                c.label, c.rect, screen
            ));
        } else if c.reachable.width() + SLACK < c.rect.width() && c.reachable.height() > 0.0 {
            out.push(format!(
                "{what}: control “{}” is cut sideways ({} of {} points shown)",
                c.label,
                c.reachable.width(),
                c.rect.width()
            ));
        }
    }
    for (i, a) in controls.iter().enumerate() {
        for b in &controls[i + 1..] {
            if a.layer != b.layer {
                continue;
            }
            let both = a.reachable.intersect(b.reachable);
            if both.is_positive() && both.area() > OVERLAP_AREA {
                out.push(format!(
                    "{what}: controls “{}” and “{}” overlap at {:?}",
                    a.label, b.label, both
                ));
            }
        }
    }
    for c in controls
        .iter()
        .filter(|c| c.layer.order == Order::Background && c.rect.top() < MENU_BAR_BOTTOM)
    {
        let centre = c.reachable.center();
        if let Some(top) = ctx.layer_id_at(centre).filter(|l| *l != c.layer) {
            out.push(format!(
                "{what}: the menu bar's “{}” is covered by {:?}",
                c.label, top.id
            ));
        }
    }
    let mut texts = Vec::new();
    for clipped in &h.output().shapes {
        collect_texts(&clipped.shape, clipped.clip_rect, &mut texts);
    }
    for (text, rect, clip, elided) in texts {
        let shown = rect.intersect(clip);
        if !shown.is_positive() || text.trim().is_empty() {
            continue;
        }
        if elided && !allowed.elided.iter().any(|a| text.contains(a)) {
            out.push(format!("{what}: text “{text}” is cut with an ellipsis"));
        }
        let sideways = rect.left() + SLACK < clip.left() || rect.right() > clip.right() + SLACK;
        if sideways && !allowed.elided.iter().any(|a| text.contains(a)) {
            out.push(format!(
                "{what}: text “{text}” is cut sideways ({:.0} of {:.0} points shown)",
                shown.width(),
                rect.width()
            ));
        }
        if !screen.expand(SLACK).contains_rect(shown) {
            out.push(format!("{what}: text “{text}” lies outside the window"));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Panics with every problem of the last frame, if there are any.
pub fn assert_clean<S>(h: &Harness<'_, S>, what: &str, allowed: Allowed<'_>) {
    let found = problems(h, what, allowed);
    if !found.is_empty() {
        let mut text = String::new();
        for p in &found {
            let _ = writeln!(text, "  {p}");
        }
        panic!("layout problems:\n{text}");
    }
}

/// The frame's controls, in screen coordinates: the accessibility tree
/// says what each widget is, egui's widget rectangles (by the same id)
/// where it lies and what of it is reachable after clipping.
fn controls<S>(h: &Harness<'_, S>) -> Vec<Control> {
    let ctx = &h.ctx;
    // Copied out first: the context is locked while its viewport is read.
    let widgets = ctx.viewport(|v| v.this_pass.widgets.clone());
    let mut by_id = std::collections::HashMap::new();
    for (layer, rects) in widgets.layers() {
        for w in rects {
            by_id.insert(w.id.value(), (*layer, *w));
        }
    }
    let mut out = Vec::new();
    for node in h.root().children_recursive() {
        let node = node.accesskit_node();
        if !is_control(node.role()) {
            continue;
        }
        let Some((layer, w)) = by_id.get(&node.locate().0 .0) else {
            continue;
        };
        if !w.visible || !w.sense.interactive() {
            continue;
        }
        let to_screen = ctx.layer_transform_to_global(*layer).unwrap_or_default();
        let reachable = to_screen * w.interact_rect;
        if !reachable.is_positive() {
            // Scrolled away or folded: not on screen.
            continue;
        }
        out.push(Control {
            layer: *layer,
            label: node.label().unwrap_or_default(),
            rect: to_screen * w.rect,
            reachable,
        });
    }
    out
}

/// Every text painted, with its rectangle, its clip rectangle and
/// whether it was elided.
fn collect_texts(shape: &Shape, clip: Rect, out: &mut Vec<(String, Rect, Rect, bool)>) {
    match shape {
        Shape::Vec(shapes) => {
            for s in shapes {
                collect_texts(s, clip, out);
            }
        }
        Shape::Text(epaint::TextShape { pos, galley, .. }) => {
            let rect = galley.rect.translate(pos.to_vec2());
            out.push((galley.text().to_string(), rect, clip, galley.elided));
        }
        _ => {}
    }
}
