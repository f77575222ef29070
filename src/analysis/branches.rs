//! A function's branches evaluated for one call: its arguments bound to its parameters as
//! Python binds them, its conditions over those parameters evaluated with three values, and
//! the calls its body reaches for that call (the catalog's "Branches guarded by the wrapper's
//! parameters are followed for each call, from what that call passes").
//!
//! A condition that reads no bound parameter is the program's runtime state: both branches
//! run, and what they reach is reached. A condition over a parameter whose value is not known
//! (a splat may fill it, an argument of unknown truthiness) keeps both branches too, but what
//! is reached only through it is reached *possibly*, never definitely: a `*args` the tool
//! cannot see through is "unknown", never "not passed".

use super::guards::reads_any;
use crate::model::*;

/// What a parameter holds for one call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Val {
    /// `None`: passed as `None`, or omitted with a default of `None`.
    None,
    /// A literal with a known truthiness (`[]`, `[tp]`, `False`, `0`, `"x"`).
    Lit(bool),
    /// A value the caller passes (`msg`): not `None`, of unknown truthiness.
    Given,
    /// Not known: a splat may fill it, or the function is not called the way it binds.
    Unknown,
}

impl Val {
    /// The value of an argument or default expression.
    pub fn of(e: &Expr) -> Val {
        match e {
            Expr::Lit { lit, .. } => match lit {
                Lit::None => Val::None,
                Lit::Bool(b) => Val::Lit(*b),
                Lit::Int(i) => Val::Lit(*i != 0),
                Lit::Str(s) => Val::Lit(!s.is_empty()),
                Lit::Other => Val::Given,
            },
            Expr::Seq { elts, .. } => Val::Lit(!elts.is_empty()),
            Expr::Dict { items, .. } if items.iter().all(|(k, _)| k.is_some()) => {
                Val::Lit(!items.is_empty())
            }
            _ => Val::Given,
        }
    }

    fn truthy(self) -> Truth {
        match self {
            Val::None => Truth::False,
            Val::Lit(b) => Truth::from(b),
            Val::Given | Val::Unknown => Truth::Unknown,
        }
    }

    fn is_none(self) -> Truth {
        match self {
            Val::None => Truth::True,
            Val::Lit(_) | Val::Given => Truth::False,
            Val::Unknown => Truth::Unknown,
        }
    }
}

/// A three-valued condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Truth {
    True,
    False,
    Unknown,
}

impl From<bool> for Truth {
    fn from(b: bool) -> Truth {
        if b {
            Truth::True
        } else {
            Truth::False
        }
    }
}

impl Truth {
    fn not(self) -> Truth {
        match self {
            Truth::True => Truth::False,
            Truth::False => Truth::True,
            Truth::Unknown => Truth::Unknown,
        }
    }
}

/// The parameters a call binds, with their values.
#[derive(Debug, Clone, Default)]
pub struct Binding<'b> {
    vals: Vec<(&'b str, Val)>,
}

impl<'b> Binding<'b> {
    /// `args` bound to `body`'s parameters as Python binds them: positional arguments in
    /// order (after the receiver), keywords by name, defaults for the rest. A `*args` splat
    /// may fill every positional parameter still open, a `**kwargs` splat every named one.
    pub fn of_call(body: &'b Body, args: &[&Arg]) -> Binding<'b> {
        let params: Vec<&Param> = body
            .params
            .iter()
            .filter(|p| Some(&p.name) != body.self_name.as_ref())
            .collect();
        let mut vals: Vec<Option<Val>> = vec![None; params.len()];
        let positional: Vec<usize> = (0..params.len())
            .filter(|&i| params[i].kind == ParamKind::Regular)
            .collect();
        let mut next = 0;
        let (mut star, mut double_star) = (false, false);
        for arg in args {
            match (&arg.name, arg.spread) {
                (None, Spread::None) => {
                    if let Some(&i) = positional.get(next) {
                        vals[i] = Some(if star {
                            Val::Unknown
                        } else {
                            Val::of(&arg.value)
                        });
                    }
                    next += 1;
                }
                (Some(name), Spread::None) => {
                    if let Some(i) = params.iter().position(|p| p.name == name) {
                        vals[i] = Some(Val::of(&arg.value));
                    }
                }
                (_, Spread::Star) => star = true,
                (_, Spread::DoubleStar) => double_star = true,
            }
        }
        let vals = params
            .iter()
            .zip(vals)
            .map(|(p, v)| {
                let open = match p.kind {
                    ParamKind::Regular => star || double_star,
                    ParamKind::KeywordOnly => double_star,
                    ParamKind::VarArgs | ParamKind::VarKwargs => true,
                };
                let v = v.unwrap_or(match (&p.default, open) {
                    (_, true) | (None, false) => Val::Unknown,
                    (Some(d), false) => Val::of(d),
                });
                (p.name.as_str(), v)
            })
            .collect();
        Binding { vals }
    }

    /// `names` bound to unknown values: what the function does for any call.
    pub fn unknown(names: impl IntoIterator<Item = &'b str>) -> Binding<'b> {
        Binding {
            vals: names.into_iter().map(|n| (n, Val::Unknown)).collect(),
        }
    }

    /// This binding with `name` holding `val`.
    pub fn with(mut self, name: &str, val: Val) -> Binding<'b> {
        for (n, v) in &mut self.vals {
            if *n == name {
                *v = val;
            }
        }
        self
    }

    pub fn get(&self, name: &str) -> Option<Val> {
        self.vals.iter().find(|(n, _)| *n == name).map(|&(_, v)| v)
    }

    fn names(&self) -> Vec<&'b str> {
        self.vals.iter().map(|&(n, _)| n).collect()
    }
}

/// The condition `e` for the call bound as `b`; `None` when it reads no bound parameter (the
/// program's runtime state decides it).
pub fn eval(e: &Expr, b: &Binding) -> Option<Truth> {
    let bound = |e: &Expr| match e {
        Expr::Name { id, .. } => b.get(id),
        _ => None,
    };
    let is_none = |e: &Expr| matches!(e, Expr::Lit { lit: Lit::None, .. });
    match e {
        Expr::Name { id, .. } => b.get(id).map(Val::truthy),
        Expr::Derived {
            parts,
            hop: Hop::Logic(op),
            ..
        } => match (op, &parts[..]) {
            (Logic::Not, [x]) => eval(x, b).map(Truth::not),
            (Logic::And, _) => combine(parts.iter().map(|p| eval(p, b)), Truth::False),
            (Logic::Or, _) => combine(parts.iter().map(|p| eval(p, b)), Truth::True),
            (Logic::Is | Logic::IsNot | Logic::Eq | Logic::NotEq, [l, r]) => {
                let test = match (bound(l), bound(r)) {
                    (Some(v), None) if is_none(r) => Some(v.is_none()),
                    (None, Some(v)) if is_none(l) => Some(v.is_none()),
                    _ => None,
                };
                match test {
                    Some(t) if matches!(op, Logic::Is | Logic::Eq) => Some(t),
                    Some(t) => Some(t.not()),
                    None => opaque(e, b),
                }
            }
            _ => opaque(e, b),
        },
        // `isinstance(message, Message)`: never of a `None` (nor of a literal's type, which
        // is not compared here).
        Expr::Call(c) if c.func.dotted().as_deref() == Some(&["isinstance"][..]) => {
            match c.positional().next().and_then(|a| bound(&a.value)) {
                Some(Val::None) => Some(Truth::False),
                _ => opaque(e, b),
            }
        }
        _ => opaque(e, b),
    }
}

/// A condition this module does not evaluate: unknown when it reads a bound parameter.
fn opaque(e: &Expr, b: &Binding) -> Option<Truth> {
    reads_any(e, &b.names()).then_some(Truth::Unknown)
}

/// `and` (`dominant` false) or `or` (`dominant` true) of three-valued operands, where `None`
/// is a runtime operand: the dominant value decides, an unknown operand keeps it unknown, and
/// otherwise a runtime operand leaves it to the runtime.
fn combine(parts: impl Iterator<Item = Option<Truth>>, dominant: Truth) -> Option<Truth> {
    let (mut unknown, mut runtime) = (false, false);
    for p in parts {
        match p {
            Some(t) if t == dominant => return Some(dominant),
            Some(Truth::Unknown) => unknown = true,
            None => runtime = true,
            Some(_) => {}
        }
    }
    if unknown {
        Some(Truth::Unknown)
    } else if runtime {
        None
    } else {
        Some(dominant.not())
    }
}

/// How a statement of interest is reached for one call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    No,
    /// Only through a condition whose value for this call is not known.
    Possibly,
    /// On a path this call takes (given the program's runtime state).
    Yes,
}

/// How each of `targets` (ranges of calls in `block`) is reached when the function runs for
/// the call bound as `b`; early `return`s and `raise`s end a path.
pub fn reached(block: &[Stmt], b: &Binding, targets: &[TextRange]) -> Vec<Reach> {
    let mut w = Walk {
        b,
        targets,
        out: vec![Reach::No; targets.len()],
    };
    w.block(block, true);
    w.out
}

struct Walk<'a, 'b> {
    b: &'a Binding<'b>,
    targets: &'a [TextRange],
    out: Vec<Reach>,
}

impl Walk<'_, '_> {
    fn mark(&mut self, range: TextRange, definite: bool) {
        let reach = if definite {
            Reach::Yes
        } else {
            Reach::Possibly
        };
        for (t, out) in self.targets.iter().zip(&mut self.out) {
            if range.start <= t.start && t.end <= range.end && *out != Reach::Yes {
                *out = reach;
            }
        }
    }

    /// Walks `block`; whether it can fall through to what follows, and whether it does so
    /// definitely (not only through an unknown condition).
    fn block(&mut self, block: &[Stmt], mut definite: bool) -> Option<bool> {
        for stmt in block {
            match &stmt.kind {
                StmtKind::If { test, body, orelse } => {
                    self.mark(test.range(), definite);
                    definite = match eval(test, self.b) {
                        Some(Truth::True) => self.arms(&[body], definite, false)?,
                        Some(Truth::False) => self.arms(&[orelse], definite, false)?,
                        None => self.arms(&[body, orelse], definite, false)?,
                        Some(Truth::Unknown) => self.arms(&[body, orelse], definite, true)?,
                    };
                }
                StmtKind::Match { subject, arms } => {
                    self.mark(subject.range(), definite);
                    let unknown = eval(subject, self.b).is_some();
                    let blocks: Vec<&[Stmt]> = arms.iter().map(|a| a.body.as_slice()).collect();
                    definite = self.arms(&blocks, definite, unknown)?;
                }
                StmtKind::Loop {
                    iter, body, orelse, ..
                } => {
                    if let Some(iter) = iter {
                        self.mark(iter.range(), definite);
                    }
                    // A loop may run none, some or all of its body: what follows it runs.
                    self.block(body, definite);
                    self.block(orelse, definite);
                }
                StmtKind::Try {
                    body,
                    handlers,
                    orelse,
                    finally,
                } => {
                    self.block(body, definite);
                    for h in handlers {
                        self.block(&h.body, definite);
                    }
                    self.block(orelse, definite);
                    self.block(finally, definite);
                }
                StmtKind::Block(inner) => definite = self.block(inner, definite)?,
                StmtKind::Exit { .. } => {
                    self.mark(stmt.range, definite);
                    return None;
                }
                StmtKind::Expr(_) | StmtKind::Assign { .. } => self.mark(stmt.range, definite),
            }
        }
        Some(definite)
    }

    /// Walks alternative arms entered `definite`ly, or (`unknown`) chosen by a test this call
    /// does not decide; `None` when none falls through, else whether what follows is reached
    /// definitely. After an unknown test one of whose arms ends the path, what follows is
    /// reached only for some of the values the call may pass.
    fn arms<B: AsRef<[Stmt]>>(
        &mut self,
        arms: &[B],
        definite: bool,
        unknown: bool,
    ) -> Option<bool> {
        let (mut any, mut all, mut any_definite) = (false, true, false);
        for block in arms {
            match self.block(block.as_ref(), definite && !unknown) {
                Some(d) => {
                    any = true;
                    any_definite |= d;
                }
                None => all = false,
            }
        }
        any.then_some(if unknown {
            definite && all
        } else {
            any_definite
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(at: u32) -> TextRange {
        TextRange::new(at, at + 1)
    }
    fn name(id: &str) -> Expr {
        Expr::Name {
            id: id.into(),
            range: r(0),
        }
    }
    fn none() -> Expr {
        Expr::Lit {
            lit: Lit::None,
            range: r(0),
        }
    }
    fn logic(op: Logic, parts: Vec<Expr>) -> Expr {
        Expr::derived(parts, Hop::Logic(op), r(0))
    }
    fn param(n: &str, default: Option<Expr>, kind: ParamKind) -> Param {
        Param {
            name: n.into(),
            annotation: None,
            default: default.map(Box::new),
            kind,
            range: r(0),
        }
    }
    fn arg(name: Option<&str>, value: Expr, spread: Spread) -> Arg {
        Arg {
            name: name.map(Into::into),
            value,
            spread,
        }
    }
    /// A statement at `at` (a commit call's place).
    fn at(at: u32) -> Stmt {
        Stmt {
            kind: StmtKind::Expr(name("commit")),
            range: r(at),
        }
    }
    fn ret(at: u32) -> Stmt {
        Stmt {
            kind: StmtKind::Exit {
                kind: ExitKind::Return,
                value: None,
            },
            range: r(at),
        }
    }
    fn if_(test: Expr, body: Vec<Stmt>, orelse: Vec<Stmt>) -> Stmt {
        Stmt {
            kind: StmtKind::If { test, body, orelse },
            range: TextRange::new(0, 1000),
        }
    }

    /// `def commit(self, message=None, offsets=None, *, now=False)`.
    fn wrapper(stmts: Vec<Stmt>) -> Body {
        let mut b = Body::new("commit", BodyKind::Function, r(0));
        b.self_name = Some("self".into());
        b.params = vec![
            param("self", None, ParamKind::Regular),
            param("message", Some(none()), ParamKind::Regular),
            param("offsets", Some(none()), ParamKind::Regular),
            param(
                "now",
                Some(Expr::Lit {
                    lit: Lit::Bool(false),
                    range: r(0),
                }),
                ParamKind::KeywordOnly,
            ),
        ];
        b.stmts = stmts;
        b
    }

    #[test]
    fn arguments_bind_as_python_binds_them() {
        let b = wrapper(Vec::new());
        let msg = || name("msg");
        let pos = arg(None, msg(), Spread::None);
        let bound = Binding::of_call(&b, &[&pos]);
        assert_eq!(bound.get("message"), Some(Val::Given));
        assert_eq!(bound.get("offsets"), Some(Val::None));
        assert_eq!(bound.get("now"), Some(Val::Lit(false)));
        assert_eq!(bound.get("self"), None);
        let kw = arg(
            Some("offsets"),
            Expr::Seq {
                elts: vec![msg()].into(),
                range: r(0),
            },
            Spread::None,
        );
        let bound = Binding::of_call(&b, &[&kw]);
        assert_eq!(
            (bound.get("message"), bound.get("offsets")),
            (Some(Val::None), Some(Val::Lit(true)))
        );
        // A splat may fill what is still open: unknown, not "not passed".
        let star = arg(None, name("rest"), Spread::Star);
        let bound = Binding::of_call(&b, &[&pos, &star]);
        assert_eq!(
            (bound.get("message"), bound.get("offsets"), bound.get("now")),
            (Some(Val::Given), Some(Val::Unknown), Some(Val::Lit(false)))
        );
        let double = arg(None, name("kw"), Spread::DoubleStar);
        let bound = Binding::of_call(&b, &[&double]);
        assert_eq!(
            (bound.get("message"), bound.get("now")),
            (Some(Val::Unknown), Some(Val::Unknown))
        );
    }

    #[test]
    fn conditions_have_three_values() {
        let b = wrapper(Vec::new());
        let pos = arg(None, name("msg"), Spread::None);
        let given = Binding::of_call(&b, &[&pos]);
        let omitted = Binding::of_call(&b, &[]);
        let is_none = logic(Logic::Is, vec![name("message"), none()]);
        assert_eq!(eval(&is_none, &given), Some(Truth::False));
        assert_eq!(eval(&is_none, &omitted), Some(Truth::True));
        let not_none = logic(Logic::NotEq, vec![none(), name("offsets")]);
        assert_eq!(eval(&not_none, &omitted), Some(Truth::False));
        // A given message's truthiness is not known; an omitted one is falsy.
        let not = logic(Logic::Not, vec![name("message")]);
        assert_eq!(
            (eval(&not, &given), eval(&not, &omitted)),
            (Some(Truth::Unknown), Some(Truth::True))
        );
        // `and` / `or`: a decided operand decides; a runtime one leaves it to the runtime.
        let both = logic(
            Logic::And,
            vec![
                is_none.clone(),
                logic(Logic::Is, vec![name("offsets"), none()]),
            ],
        );
        assert_eq!(
            (eval(&both, &given), eval(&both, &omitted)),
            (Some(Truth::False), Some(Truth::True))
        );
        let runtime = logic(Logic::And, vec![is_none.clone(), name("dirty")]);
        assert_eq!(
            (eval(&runtime, &given), eval(&runtime, &omitted)),
            (Some(Truth::False), None)
        );
        assert_eq!(eval(&name("dirty"), &given), None);
        let either = logic(
            Logic::Or,
            vec![name("now"), logic(Logic::Not, vec![name("message")])],
        );
        assert_eq!(
            (eval(&either, &given), eval(&either, &omitted)),
            (Some(Truth::Unknown), Some(Truth::True))
        );
    }

    #[test]
    fn early_returns_end_the_paths_a_call_takes() {
        // if message is not None: return ..  /  if offsets is not None: return ..  /  commit()
        let b = wrapper(vec![
            if_(
                logic(Logic::IsNot, vec![name("message"), none()]),
                vec![ret(10)],
                Vec::new(),
            ),
            if_(
                logic(Logic::IsNot, vec![name("offsets"), none()]),
                vec![ret(20)],
                Vec::new(),
            ),
            at(30),
        ]);
        let targets = [r(10), r(20), r(30)];
        let pos = arg(None, name("msg"), Spread::None);
        let kw = arg(Some("offsets"), name("tps"), Spread::None);
        let go = |args: &[&Arg]| reached(&b.stmts, &Binding::of_call(&b, args), &targets);
        assert_eq!(go(&[&pos]), [Reach::Yes, Reach::No, Reach::No]);
        assert_eq!(go(&[&kw]), [Reach::No, Reach::Yes, Reach::No]);
        assert_eq!(go(&[]), [Reach::No, Reach::No, Reach::Yes]);
        // Any call: the position only behind tests of the parameters.
        let any = Binding::unknown(["message", "offsets"]);
        assert_eq!(reached(&b.stmts, &any, &targets), [Reach::Possibly; 3]);
        // A test of the runtime keeps both branches, and what follows, reached.
        let b = wrapper(vec![
            if_(name("dirty"), vec![at(10), ret(11)], Vec::new()),
            at(30),
        ]);
        assert_eq!(
            reached(&b.stmts, &Binding::of_call(&b, &[]), &[r(10), r(30)]),
            [Reach::Yes, Reach::Yes]
        );
    }
}
