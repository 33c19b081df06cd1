//! Character-level scanning of one line of assembly text: positions, whitespace, comments,
//! identifiers, words, numeric literals and strings.
//!
//! The parser works line by line. A [`Cursor`] walks the characters of one line and treats
//! `//` (outside a string) as the end of the line, so comments never reach the parser.

use crate::error::{Pos, VisaError};

pub(crate) type Result<T> = std::result::Result<T, VisaError>;

/// Longest piece of source text quoted back in an error message.
const MAX_QUOTED: usize = 40;

/// Whitespace that separates tokens (any Unicode whitespace; lines are split on `\n` only).
pub(crate) fn is_space(c: char) -> bool {
    c.is_whitespace()
}

/// First character of an identifier (mnemonics, labels, declared names).
pub(crate) fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

/// Later characters of an identifier.
pub(crate) fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Quotes a piece of source text for an error message, shortening long text.
pub(crate) fn quote(text: &str) -> String {
    let mut shown: String = text.chars().take(MAX_QUOTED).collect();
    if text.chars().count() > MAX_QUOTED {
        shown.push_str("...");
    }
    format!("`{}`", shown.escape_debug())
}

/// A position inside one line of text.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cursor<'a> {
    chars: &'a [char],
    at: usize,
    line: u32,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `chars`, which is line number `line` (1-based).
    pub(crate) fn new(chars: &'a [char], line: u32) -> Self {
        Cursor { chars, at: 0, line }
    }

    /// The 1-based line and column of the next character.
    pub(crate) fn pos(&self) -> Pos {
        let col = u32::try_from(self.at + 1).unwrap_or(u32::MAX);
        Pos {
            line: self.line,
            col,
        }
    }

    /// The character `k` places ahead, ignoring comments.
    fn raw(&self, k: usize) -> Option<char> {
        self.chars.get(self.at.checked_add(k)?).copied()
    }

    /// Whether a `//` comment starts at the cursor.
    fn at_comment(&self) -> bool {
        self.raw(0) == Some('/') && self.raw(1) == Some('/')
    }

    /// The next character, or `None` at the end of the line or at a comment.
    pub(crate) fn peek(&self) -> Option<char> {
        if self.at_comment() {
            None
        } else {
            self.raw(0)
        }
    }

    /// The character after the next one (no comment check: only used after a real `peek`).
    pub(crate) fn peek_second(&self) -> Option<char> {
        self.raw(1)
    }

    /// Moves past the next character.
    pub(crate) fn bump(&mut self) {
        if self.at < self.chars.len() {
            self.at += 1;
        }
    }

    /// Consumes `c` if it is next.
    pub(crate) fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Skips whitespace.
    pub(crate) fn skip_ws(&mut self) {
        while self.peek().is_some_and(is_space) {
            self.bump();
        }
    }

    /// Whether nothing but (possibly) a comment is left.
    pub(crate) fn at_end(&self) -> bool {
        self.peek().is_none()
    }

    /// Whether the next character ends a token: whitespace, a comment or the end of the line.
    pub(crate) fn at_separator(&self) -> bool {
        !matches!(self.peek(), Some(c) if !is_space(c))
    }

    /// How the next token is described in an error message.
    pub(crate) fn found(&self) -> String {
        match self.peek() {
            None => "end of line".to_string(),
            Some(c) => quote(&c.to_string()),
        }
    }

    /// A syntax error at the cursor: "expected WHAT, found X".
    pub(crate) fn expected(&self, what: &str) -> VisaError {
        VisaError::syntax(
            self.pos(),
            format!("expected {what}, found {}", self.found()),
        )
    }

    /// Consumes the longest run of characters accepted by `accept` (possibly empty).
    pub(crate) fn word(&mut self, accept: fn(char) -> bool) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek().filter(|&c| accept(c)) {
            out.push(c);
            self.bump();
        }
        out
    }

    /// An identifier `[A-Za-z_][A-Za-z0-9_]*`, or `None` (nothing consumed).
    pub(crate) fn ident(&mut self) -> Option<String> {
        if self.peek().is_some_and(is_ident_start) {
            Some(self.word(is_ident_char))
        } else {
            None
        }
    }

    /// A variable name: an identifier, or `%` followed by an identifier (built-in variables
    /// such as `%null`). `None` when none starts here (nothing consumed).
    pub(crate) fn var_name(&mut self) -> Option<String> {
        if self.peek() == Some('%') && self.peek_second().is_some_and(is_ident_start) {
            self.bump();
            let rest = self.word(is_ident_char);
            Some(format!("%{rest}"))
        } else {
            self.ident()
        }
    }

    /// Whether a variable name starts here.
    pub(crate) fn at_var_name(&self) -> bool {
        match self.peek() {
            Some('%') => self.peek_second().is_some_and(is_ident_start),
            Some(c) => is_ident_start(c),
            None => false,
        }
    }

    /// Whether a numeric literal starts here (a digit, or `-` and a digit).
    pub(crate) fn at_number(&self) -> bool {
        match self.peek() {
            Some('-') => self.peek_second().is_some_and(|c| c.is_ascii_digit()),
            Some(c) => c.is_ascii_digit(),
            None => false,
        }
    }

    /// A numeric literal: `[-]0x<hex>`, `[-]<decimal>`, or a decimal float
    /// `[-]<digits>[.<digits>][e[+|-]<digits>]`. `Ok(None)` when no number starts here.
    pub(crate) fn number(&mut self) -> Result<Option<NumLit>> {
        if !self.at_number() {
            return Ok(None);
        }
        let pos = self.pos();
        let negative = self.eat('-');
        let mut text = String::from(if negative { "-" } else { "" });
        let hex = self.peek() == Some('0') && matches!(self.peek_second(), Some('x' | 'X'));
        if hex {
            self.bump();
            self.bump();
            text.push_str("0x");
            let digits = self.word(|c| c.is_ascii_hexdigit());
            if digits.is_empty() {
                return Err(self.expected("hexadecimal digits after `0x`"));
            }
            text.push_str(&digits);
            let magnitude = digits_value(&digits, 16);
            return Ok(Some(NumLit {
                pos,
                text,
                negative,
                hex,
                float_syntax: false,
                magnitude,
            }));
        }
        let digits = self.word(|c| c.is_ascii_digit());
        text.push_str(&digits);
        let mut float_syntax = false;
        if self.peek() == Some('.') && self.peek_second().is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
            text.push('.');
            text.push_str(&self.word(|c| c.is_ascii_digit()));
            float_syntax = true;
        }
        if matches!(self.peek(), Some('e' | 'E')) && self.exponent_follows() {
            self.bump();
            text.push('e');
            if let Some(sign) = self.peek().filter(|&c| c == '+' || c == '-') {
                self.bump();
                text.push(sign);
            }
            text.push_str(&self.word(|c| c.is_ascii_digit()));
            float_syntax = true;
        }
        let magnitude = if float_syntax {
            None
        } else {
            digits_value(&digits, 10)
        };
        Ok(Some(NumLit {
            pos,
            text,
            negative,
            hex,
            float_syntax,
            magnitude,
        }))
    }

    /// Whether the `e` at the cursor starts an exponent (`e5`, `e+5`, `e-5`).
    fn exponent_follows(&self) -> bool {
        match self.raw(1) {
            Some(c) if c.is_ascii_digit() => true,
            Some('+' | '-') => self.raw(2).is_some_and(|c| c.is_ascii_digit()),
            _ => false,
        }
    }

    /// A double-quoted string at the cursor; returns its content with `\"` and `\\`
    /// unescaped (any other backslash is kept as written).
    pub(crate) fn string(&mut self) -> Result<String> {
        let open = self.pos();
        self.bump();
        let mut out = String::new();
        loop {
            match self.raw(0) {
                None => {
                    return Err(VisaError::syntax(
                        open,
                        "unterminated string: expected `\"`",
                    ))
                }
                Some('"') => {
                    self.bump();
                    return Ok(out);
                }
                Some('\\') if matches!(self.raw(1), Some('"' | '\\')) => {
                    if let Some(c) = self.raw(1) {
                        out.push(c);
                    }
                    self.bump();
                    self.bump();
                }
                Some(c) => {
                    out.push(c);
                    self.bump();
                }
            }
        }
    }

    /// A directive argument: everything up to whitespace or a comment, with double-quoted
    /// parts (which may hold spaces and `//`) kept whole, quotes included.
    pub(crate) fn raw_word(&mut self) -> Result<String> {
        let mut out = String::new();
        while let Some(c) = self.peek().filter(|&c| !is_space(c)) {
            if c == '"' {
                self.quoted_raw(&mut out)?;
            } else {
                out.push(c);
                self.bump();
            }
        }
        Ok(out)
    }

    /// A double-quoted part at the cursor, quotes and escapes included.
    pub(crate) fn raw_word_quoted(&mut self) -> Result<String> {
        let mut out = String::new();
        self.quoted_raw(&mut out)?;
        Ok(out)
    }

    /// Whether the characters at the cursor spell `s` (no comment check: `s` has no `//`).
    pub(crate) fn starts_with(&self, s: &str) -> bool {
        s.chars().enumerate().all(|(k, c)| self.raw(k) == Some(c))
    }

    /// Copies a double-quoted part, quotes and escapes included, into `out`.
    fn quoted_raw(&mut self, out: &mut String) -> Result<()> {
        let open = self.pos();
        out.push('"');
        self.bump();
        loop {
            match self.raw(0) {
                None => {
                    return Err(VisaError::syntax(
                        open,
                        "unterminated string: expected `\"`",
                    ))
                }
                Some('"') => {
                    out.push('"');
                    self.bump();
                    return Ok(());
                }
                Some('\\') if self.raw(1).is_some() => {
                    out.push('\\');
                    self.bump();
                    if let Some(c) = self.raw(0) {
                        out.push(c);
                    }
                    self.bump();
                }
                Some(c) => {
                    out.push(c);
                    self.bump();
                }
            }
        }
    }

    /// Looks at the parenthesised group starting at the cursor (which is on a `(`) without
    /// moving: whether it holds a comma outside inner parentheses, and the character right
    /// after its closing `)`. `None` when the group is not closed on this line.
    pub(crate) fn paren_shape(&self) -> Option<ParenShape> {
        let mut depth = 0usize;
        let mut has_comma = false;
        let mut k = 0usize;
        loop {
            match self.raw(k)? {
                '(' => depth += 1,
                ')' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Some(ParenShape {
                            has_comma,
                            next: self.raw(k + 1),
                        });
                    }
                }
                ',' if depth == 1 => has_comma = true,
                _ => {}
            }
            k += 1;
        }
    }
}

/// What [`Cursor::paren_shape`] found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ParenShape {
    /// A comma directly inside the group.
    pub(crate) has_comma: bool,
    /// The character after the closing parenthesis.
    pub(crate) next: Option<char>,
}

/// The value of a digit string in `radix`, or `None` when it does not fit in 128 bits.
fn digits_value(digits: &str, radix: u32) -> Option<u128> {
    digits.chars().try_fold(0u128, |acc, c| {
        let d = c.to_digit(radix)?;
        acc.checked_mul(u128::from(radix))?
            .checked_add(u128::from(d))
    })
}

/// A numeric literal as written.
#[derive(Clone, Debug)]
pub(crate) struct NumLit {
    /// Where the literal starts (its sign, if any).
    pub(crate) pos: Pos,
    /// The literal as written (exponent marker normalised to `e`).
    pub(crate) text: String,
    pub(crate) negative: bool,
    /// Written in hexadecimal (`0x...`): a bit pattern.
    pub(crate) hex: bool,
    /// Has a fraction or an exponent: only valid for float immediates.
    pub(crate) float_syntax: bool,
    /// The absolute value of an integer literal; `None` for float syntax or when it does not
    /// fit in 128 bits.
    pub(crate) magnitude: Option<u128>,
}

impl NumLit {
    /// The signed integer value, if it is an integer literal that fits in 128 bits.
    fn value(&self) -> Result<i128> {
        if self.float_syntax {
            return Err(VisaError::syntax(
                self.pos,
                format!("expected an integer, found {}", quote(&self.text)),
            ));
        }
        let magnitude = self
            .magnitude
            .and_then(|m| i128::try_from(m).ok())
            .ok_or_else(|| self.out_of_range("a 64-bit integer"))?;
        Ok(if self.negative { -magnitude } else { magnitude })
    }

    /// The "out of range" error for this literal.
    pub(crate) fn out_of_range(&self, what: &str) -> VisaError {
        VisaError::syntax(
            self.pos,
            format!("number {} is out of range for {what}", quote(&self.text)),
        )
    }

    /// The value as an integer in `[min, max]`; `what` names the field in the error message.
    pub(crate) fn int_in(&self, min: i128, max: i128, what: &str) -> Result<i128> {
        let value = self.value().map_err(|e| {
            if self.float_syntax {
                e
            } else {
                self.out_of_range(what)
            }
        })?;
        if value < min || value > max {
            return Err(self.out_of_range(what));
        }
        Ok(value)
    }

    /// The value as a `u32` (`what` names the field).
    pub(crate) fn to_u32(&self, what: &str) -> Result<u32> {
        let value = self.int_in(0, i128::from(u32::MAX), what)?;
        u32::try_from(value).map_err(|_| self.out_of_range(what))
    }

    /// The value as an `i32` (`what` names the field).
    pub(crate) fn to_i32(&self, what: &str) -> Result<i32> {
        let value = self.int_in(i128::from(i32::MIN), i128::from(i32::MAX), what)?;
        i32::try_from(value).map_err(|_| self.out_of_range(what))
    }

    /// The value as an `i64` (`what` names the field).
    pub(crate) fn to_i64(&self, what: &str) -> Result<i64> {
        let value = self.int_in(i128::from(i64::MIN), i128::from(i64::MAX), what)?;
        i64::try_from(value).map_err(|_| self.out_of_range(what))
    }
}
