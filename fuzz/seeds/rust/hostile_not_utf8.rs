pub const S: &str = "café";
