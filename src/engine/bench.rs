//! A deterministic benchmark: fixed positions searched to a fixed depth.
