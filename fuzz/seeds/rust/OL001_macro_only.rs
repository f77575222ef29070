macro_rules! m { () => {} } m!();
