pub mod offset_store;
