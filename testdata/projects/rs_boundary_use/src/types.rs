pub struct Key(pub u64);
