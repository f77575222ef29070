//! Shared analyses over the model.
