//! SGF (Smart Game Format, `FF[4]`) syntax: a collection of game trees,
//! each a sequence of nodes (`;B[pd]C[a comment]`) followed by its
//! variations (`(…)(…)`), every property an identifier with one value or
//! more (`AB[aa][bb]`). Values keep their text with SGF's escapes removed
//! (`\]`, `\\`, and a `\` before a line break joins the lines); the writer
//! escapes them again. What the properties mean for a game is
//! [`super::sgf_game`]'s business.

/// An SGF text that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct SgfError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

/// One node: its properties in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// Properties: identifier and values.
    pub props: Vec<(String, Vec<String>)>,
    /// The line it starts on, from 1.
    pub line: usize,
}

impl Node {
    /// The first value of property `id`.
    pub fn get(&self, id: &str) -> Option<&str> {
        self.values(id).and_then(|v| v.first()).map(String::as_str)
    }

    /// The values of property `id`.
    pub fn values(&self, id: &str) -> Option<&[String]> {
        self.props.iter().find(|(k, _)| k == id).map(|(_, v)| v.as_slice())
    }

    /// Adds property `id` with `values`.
    pub fn push(&mut self, id: &str, values: Vec<String>) {
        self.props.push((id.to_string(), values));
    }
}

/// A game tree: a sequence of nodes, then its variations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    /// The nodes in order (the first is the root of a game).
    pub nodes: Vec<Node>,
    /// The variations after the last node; the first is the main line.
    pub children: Vec<Tree>,
}

impl Tree {
    /// The main line: the nodes followed through first variations.
    pub fn main_line(&self) -> Vec<&Node> {
        let mut out: Vec<&Node> = self.nodes.iter().collect();
        let mut at = self;
        while let Some(first) = at.children.first() {
            out.extend(first.nodes.iter());
            at = first;
        }
        out
    }

    /// The variations off the main line (each counted once, with
    /// whatever they hold).
    pub fn side_variations(&self) -> usize {
        let mut count = 0;
        let mut at = self;
        while let Some(first) = at.children.first() {
            count += at.children.len() - 1;
            at = first;
        }
        count
    }
}

/// The most variations open at once (the reader's stack grows with it).
pub const MAX_DEPTH: usize = 1000;

/// Reads a collection of game trees.
pub fn read_sgf(text: &str) -> Result<Vec<Tree>, SgfError> {
    let mut reader = Reader { chars: text.chars().peekable(), line: 1 };
    let mut trees = Vec::new();
    loop {
        reader.skip_space();
        match reader.chars.peek() {
            None => return Ok(trees),
            Some('(') => {
                reader.bump();
                trees.push(reader.tree(1)?);
            }
            Some(&c) => return Err(reader.error(format!("a game tree starts with '(', not {c:?}"))),
        }
    }
}

struct Reader<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
}

impl Reader<'_> {
    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.bump();
        }
    }

    fn error(&self, problem: String) -> SgfError {
        SgfError { line: self.line, problem }
    }

    /// A tree whose `(` was read.
    fn tree(&mut self, depth: usize) -> Result<Tree, SgfError> {
        if depth > MAX_DEPTH {
            return Err(self.error(format!("variations nest deeper than {MAX_DEPTH}")));
        }
        let mut tree = Tree::default();
        loop {
            self.skip_space();
            match self.bump() {
                Some(';') if tree.children.is_empty() => {
                    let line = self.line;
                    tree.nodes.push(Node { props: self.properties()?, line });
                }
                Some('(') if !tree.nodes.is_empty() => tree.children.push(self.tree(depth + 1)?),
                Some(')') if !tree.nodes.is_empty() => return Ok(tree),
                Some(c) => return Err(self.error(format!("{c:?} is out of place in a game tree"))),
                None => return Err(self.error("the game tree is not closed with ')'".into())),
            }
        }
    }

    fn properties(&mut self) -> Result<Vec<(String, Vec<String>)>, SgfError> {
        let mut props = Vec::new();
        loop {
            self.skip_space();
            let mut id = String::new();
            while let Some(c) = self.chars.next_if(char::is_ascii_alphabetic) {
                // FF[3]'s lowercase letters in identifiers are ignored.
                if c.is_ascii_uppercase() {
                    id.push(c);
                }
            }
            if id.is_empty() {
                return Ok(props);
            }
            let mut values = Vec::new();
            loop {
                self.skip_space();
                if self.chars.peek() != Some(&'[') {
                    break;
                }
                self.bump();
                values.push(self.value(&id)?);
            }
            if values.is_empty() {
                return Err(self.error(format!("property {id} has no value")));
            }
            props.push((id, values));
        }
    }

    /// A value whose `[` was read, up to its unescaped `]`.
    fn value(&mut self, id: &str) -> Result<String, SgfError> {
        let mut value = String::new();
        loop {
            match self.bump() {
                Some(']') => return Ok(value),
                Some('\\') => match self.bump() {
                    // A soft line break.
                    Some('\n') => {}
                    Some(c) => value.push(c),
                    None => break,
                },
                Some(c) => value.push(c),
                None => break,
            }
        }
        Err(self.error(format!("the value of {id} is not closed with ']'")))
    }
}

/// A value with `]` and `\` escaped.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

/// A tree as SGF text: one node a line, variations in parentheses.
pub fn write_sgf(tree: &Tree) -> String {
    let mut out = String::new();
    write_tree(tree, &mut out);
    out.push('\n');
    out
}

fn write_tree(tree: &Tree, out: &mut String) {
    out.push('(');
    for (i, node) in tree.nodes.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push(';');
        for (id, values) in &node.props {
            out.push_str(id);
            for v in values {
                out.push('[');
                out.push_str(&escape(v));
                out.push(']');
            }
        }
    }
    for child in &tree.children {
        out.push('\n');
        write_tree(child, out);
    }
    out.push(')');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_variations_and_escapes_are_read_and_written_back() {
        let text = "(;FF[4]GM[1]SZ[9]C[a \\] bracket\\\nand a \\\\ slash]\n;B[ee]\n(;W[cc]C[main];B[gg])\n(;W[gc]))";
        let trees = read_sgf(text).unwrap();
        assert_eq!(trees.len(), 1);
        let t = &trees[0];
        assert_eq!(t.nodes[0].get("C"), Some("a ] bracketand a \\ slash"));
        let main: Vec<_> = t.main_line().iter().filter_map(|n| n.get("B").or(n.get("W"))).collect();
        assert_eq!(main, ["ee", "cc", "gg"]);
        assert_eq!(t.side_variations(), 1);
        assert_eq!(t.children[1].nodes[0].line, 5);
        let again = read_sgf(&write_sgf(t)).unwrap();
        assert_eq!(again[0].main_line().len(), 4);
        assert_eq!(again[0].nodes[0].get("C"), t.nodes[0].get("C"));
        assert_eq!(again[0].children[1].nodes[0].get("W"), Some("gc"));
    }

    #[test]
    fn bad_trees_name_their_line() {
        let e = |text: &str| read_sgf(text).unwrap_err().to_string();
        assert_eq!(e("(;B[aa]\n;W[bb"), "line 2: the value of W is not closed with ']'");
        assert_eq!(e("(;B[aa]"), "line 1: the game tree is not closed with ')'");
        assert_eq!(e("x(;B[aa])"), "line 1: a game tree starts with '(', not 'x'");
        assert_eq!(e("(;B)"), "line 1: property B has no value");
        assert_eq!(e("()"), "line 1: ')' is out of place in a game tree");
    }

    #[test]
    fn lowercase_letters_of_old_identifiers_are_ignored() {
        let trees = read_sgf("(;GaMe[1]SiZe[9];B[aa])").unwrap();
        assert_eq!((trees[0].nodes[0].get("GM"), trees[0].nodes[0].get("SZ")), (Some("1"), Some("9")));
    }
}
