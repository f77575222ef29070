pub mod checkpoint;
pub mod fence;
pub mod fence_watermark;
