pub mod checkpoint_direct;
pub mod fsutil;
pub mod net;
pub mod search;
pub mod store;
pub mod watermark;
