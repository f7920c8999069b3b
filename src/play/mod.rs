//! Playing a game: who sits at each colour (a person or the engine) and
//! what that means for turns, undo and resignation. The rules' game model
//! knows only the game; this layer, above it, knows the players. The app's
//! session and the text game both play through a [`Table`].

mod mode;
mod table;

pub use mode::Mode;
pub use table::{PlayError, Table};
