//! Match runner (in progress).
