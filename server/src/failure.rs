//! A failed check: the Iggy error code the server must answer with, plus a human message.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub code: u32,
    pub message: String,
}

impl Failure {
    pub fn new(code: u32, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }
}

pub type Checked<T> = Result<T, Failure>;
