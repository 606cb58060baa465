//! From positioned pieces of text (as a PDF draws them, in any order) to
//! lines of cells in reading order: what the rules read.

/// One piece of text a page draws: its baseline start in page points
/// (origin bottom-left, as in PDF), its advance width and font size.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub size: f32,
    pub text: String,
}

/// A stretch of a line set apart from the rest by a wide gap: a label, a
/// value, a table cell, one column's part of a line.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// Where it starts, in points from the page's left edge.
    pub x: f32,
    pub text: String,
}

/// A line of the page, top to bottom; an empty line stands for a wide
/// vertical gap (a new block).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Line {
    pub cells: Vec<Cell>,
}

impl Line {
    pub fn is_blank(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cells joined by one space.
    pub fn text(&self) -> String {
        self.cells
            .iter()
            .map(|c| c.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Pieces closer than this (in ems) are one word; farther than
/// `CELL_GAP_EM`, two cells.
const WORD_GAP_EM: f32 = 0.12;
const CELL_GAP_EM: f32 = 1.0;
/// Lines farther apart than this many of their font sizes have a gap
/// between them.
const BLOCK_GAP_EM: f32 = 1.9;

/// Groups runs into lines (by baseline) and cells (by horizontal gaps).
/// Pages are read one after another: `pages` holds each page's runs.
pub fn lines(pages: &[Vec<Run>]) -> Vec<Line> {
    let mut out = Vec::new();
    for runs in pages {
        let mut runs: Vec<&Run> = runs.iter().filter(|r| !r.text.trim().is_empty()).collect();
        // Top to bottom, then left to right.
        runs.sort_by(|a, b| b.y.total_cmp(&a.y).then(a.x.total_cmp(&b.x)));
        let mut groups: Vec<(f32, f32, Vec<&Run>)> = Vec::new();
        for run in runs {
            match groups.last_mut() {
                Some((y, size, members))
                    if (*y - run.y).abs() <= 0.4 * size.max(run.size).max(1.0) =>
                {
                    *size = size.max(run.size);
                    members.push(run);
                }
                _ => groups.push((run.y, run.size, vec![run])),
            }
        }
        let mut previous: Option<(f32, f32)> = None;
        for (y, size, mut members) in groups {
            if let Some((py, psize)) = previous
                && py - y > BLOCK_GAP_EM * psize.max(size).max(1.0)
                && out.last().is_some_and(|l: &Line| !l.is_blank())
            {
                out.push(Line::default());
            }
            previous = Some((y, size));
            members.sort_by(|a, b| a.x.total_cmp(&b.x));
            let mut line = Line::default();
            let mut end = f32::MIN;
            for run in members {
                let em = run.size.max(1.0);
                let gap = run.x - end;
                let text = run.text.trim_end();
                match line.cells.last_mut() {
                    Some(cell) if gap < CELL_GAP_EM * em => {
                        if gap >= WORD_GAP_EM * em && !cell.text.ends_with(' ') {
                            cell.text.push(' ');
                        }
                        cell.text.push_str(text.trim_start());
                    }
                    _ => line.cells.push(Cell {
                        x: run.x,
                        text: text.trim_start().to_owned(),
                    }),
                }
                end = end.max(run.x + run.width);
            }
            for cell in &mut line.cells {
                cell.text = squeeze(&cell.text);
            }
            line.cells.retain(|c| !c.text.is_empty());
            if !line.is_blank() {
                out.push(line);
            }
        }
        if out.last().is_some_and(|l| !l.is_blank()) {
            out.push(Line::default());
        }
    }
    while out.last().is_some_and(Line::is_blank) {
        out.pop();
    }
    out
}

/// Runs of spaces inside a cell become one; a run of three or more splits
/// the cell (a generator that pads columns with spaces).
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Lines from text laid out with spaces (as `pdftotext -layout` prints a
/// page): two or more spaces part cells, a character is 5 points wide, and
/// an empty line is a gap. For tests and for text that arrives without
/// positions.
pub fn lines_from_text(text: &str) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::new();
    for raw in text.lines() {
        let mut line = Line::default();
        let chars: Vec<char> = raw.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if chars[i] == ' ' {
                i += 1;
                continue;
            }
            let start = i;
            let mut end = i;
            while end < chars.len() {
                if chars[end] == ' ' && chars.get(end + 1).is_none_or(|c| *c == ' ') {
                    break;
                }
                end += 1;
            }
            line.cells.push(Cell {
                x: start as f32 * 5.0,
                text: chars[start..end].iter().collect(),
            });
            i = end;
        }
        if line.is_blank() {
            if out.last().is_some_and(|l| !l.is_blank()) {
                out.push(line);
            }
        } else {
            out.push(line);
        }
    }
    while out.last().is_some_and(Line::is_blank) {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(x: f32, y: f32, text: &str) -> Run {
        Run {
            x,
            y,
            width: text.chars().count() as f32 * 5.0,
            size: 10.0,
            text: text.into(),
        }
    }

    fn texts(lines: &[Line]) -> Vec<Vec<&str>> {
        lines
            .iter()
            .map(|l| l.cells.iter().map(|c| c.text.as_str()).collect())
            .collect()
    }

    #[test]
    fn runs_drawn_out_of_order_are_read_top_down_left_to_right() {
        let page = vec![
            run(300.0, 700.0, "DROP"),
            run(40.0, 688.0, "Acme"),
            run(40.0, 700.0, "PICK UP"),
            run(300.0, 688.5, "Kroger"),
        ];
        assert_eq!(
            texts(&lines(&[page])),
            vec![vec!["PICK UP", "DROP"], vec!["Acme", "Kroger"]]
        );
    }

    #[test]
    fn near_pieces_join_into_one_cell_and_wide_gaps_make_lines_blank() {
        let page = vec![
            run(40.0, 700.0, "Line"),
            run(62.0, 700.0, "Haul"),
            run(200.0, 700.0, "$2,450.00"),
            run(40.0, 660.0, "TONU $150"),
        ];
        assert_eq!(
            texts(&lines(&[page])),
            vec![vec!["Line Haul", "$2,450.00"], vec![], vec!["TONU $150"]]
        );
    }

    #[test]
    fn laid_out_text_splits_on_two_spaces() {
        let l = lines_from_text("Load #: 12  Date: 1\n\n\nShipper\n");
        assert_eq!(
            texts(&l),
            vec![vec!["Load #: 12", "Date: 1"], vec![], vec!["Shipper"]]
        );
        assert_eq!(l[0].cells[1].x, 60.0);
    }
}
