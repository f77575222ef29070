//! A file made only of macro definitions and invocations in item position. It parses
//! (syn keeps the macro bodies as token streams), so no OL001 and no other finding.

macro_rules! topics {
    ($($name:ident = $value:expr),* $(,)?) => {
        $(pub const $name: &str = $value;)*
    };
}

topics! {
    ORDERS = "orders",
    PAYMENTS = "payments",
}

thread_local! {
    static SEEN: std::cell::Cell<u64> = std::cell::Cell::new(0);
}
