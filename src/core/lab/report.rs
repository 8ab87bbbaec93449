//! The Lab's reports: one case's result, a whole run's, and the forms a teacher collects —
//! JSON (what `lab run --json` prints), Markdown for the student (in English or Chinese), one
//! CSV row for the class, and Gradescope's `results.json`.

use serde_json::{Value, json};

use super::check::{PathCost, Reference, Verdict, Violation};
use super::space::Space;
use super::task::{Case, Task};
use crate::core::text::{Lang, Phrase};
use crate::phrase;

/// The result of one case.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CaseReport {
    pub case: usize,
    pub about: String,
    pub verdict: Verdict,
    /// Expansions the checker accepted (all of them, on `AC`).
    pub expansions: usize,
    pub reference_min: usize,
    pub reference_max: usize,
    pub path_cost: Option<u64>,
    pub path_moves: Option<u64>,
    pub optimal_cost: Option<u64>,
    pub optimal_moves: Option<u64>,
    pub violation: Option<Violation>,
    /// The violation's expected state, as the protocol writes it.
    pub expected: Option<Value>,
    /// The violation's expected state, as people read it.
    pub expected_shown: Option<String>,
    pub seconds: f64,
    pub cpu_seconds: f64,
    pub memory_mb: f64,
    /// The end of what the program wrote on stderr.
    pub stderr: String,
    /// What else the judgement found (a heuristic's informedness, an agent's play).
    pub notes: Vec<Phrase>,
    /// The same as figures, for `--json`.
    pub details: Option<Value>,
}

impl CaseReport {
    /// The report of `case` judged: `result` is the path (none for a right fail) or the first
    /// violation; the reference, when there is one, gives the range and the optimum. Times,
    /// memory and stderr are the runner's to fill in.
    pub fn judged(
        case: &Case,
        reference: Option<&Reference>,
        expansions: usize,
        result: Result<Option<PathCost>, Violation>,
    ) -> CaseReport {
        let (verdict, violation, path) = match result {
            Ok(path) => (Verdict::Ac, None, path),
            Err(v) => (v.verdict, Some(v), None),
        };
        CaseReport {
            case: case.number,
            about: case.about.clone(),
            verdict,
            expansions,
            reference_min: reference.map_or(0, |r| r.min_expansions),
            reference_max: reference.map_or(0, |r| r.max_expansions),
            path_cost: path.map(|p| p.cost),
            path_moves: path.map(|p| p.moves),
            optimal_cost: reference.and_then(|r| r.optimal_cost),
            optimal_moves: reference.and_then(|r| r.optimal_moves),
            violation,
            expected: None,
            expected_shown: None,
            seconds: 0.0,
            cpu_seconds: 0.0,
            memory_mb: 0.0,
            stderr: String::new(),
            notes: Vec::new(),
            details: None,
        }
        .expected_in(&case.space)
    }

    /// A report with the violation's expected state written in `space`'s forms.
    fn expected_in(mut self, space: &Space) -> CaseReport {
        if let Some(s) = self.violation.as_ref().and_then(|v| v.expected) {
            self.expected = Some(space.to_json(s));
            self.expected_shown = Some(space.show(s));
        }
        self
    }

    /// The case as `lab run --json` prints it.
    pub fn to_json(&self) -> Value {
        json!({
            "case": self.case,
            "about": self.about,
            "verdict": self.verdict.code(),
            "expansions": self.expansions,
            "reference": {"min": self.reference_min, "max": self.reference_max},
            "path_cost": self.path_cost,
            "path_moves": self.path_moves,
            "optimal_cost": self.optimal_cost,
            "optimal_moves": self.optimal_moves,
            "violation": self.violation.as_ref().map(|v| json!({
                "verdict": v.verdict.code(),
                "step": v.step,
                "say": v.say.show(Lang::En),
                "say_zh": v.say.show(Lang::Zh),
                "expected": self.expected,
            })),
            "seconds": round3(self.seconds),
            "cpu_seconds": round3(self.cpu_seconds),
            "memory_mb": round3(self.memory_mb),
            "stderr": self.stderr,
            "notes": self.notes.iter().map(|n| n.show(Lang::En)).collect::<Vec<_>>(),
            "notes_zh": self.notes.iter().map(|n| n.show(Lang::Zh)).collect::<Vec<_>>(),
            "details": self.details,
        })
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// A whole run: the task, the program, the cases, how it was run.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub task: String,
    pub search: String,
    pub program: String,
    pub session: String,
    pub encoding: String,
    /// Which isolation was in force (`bubblewrap: …`, or `none`).
    pub isolation: String,
    pub limits: super::task::Limits,
    pub cases: Vec<CaseReport>,
    /// SHA-256 of the program's files and of the task's definition, for reproducibility.
    pub code_hash: Option<String>,
    pub task_hash: String,
    pub version: String,
}

impl Report {
    /// `AC` when every case is, else the first case's verdict that is not.
    pub fn verdict(&self) -> Verdict {
        self.cases
            .iter()
            .map(|c| c.verdict)
            .find(|&v| v != Verdict::Ac)
            .unwrap_or(Verdict::Ac)
    }

    /// Cases accepted.
    pub fn accepted(&self) -> usize {
        self.cases
            .iter()
            .filter(|c| c.verdict == Verdict::Ac)
            .count()
    }

    /// The report as JSON (`lab run --json`, `report.json` of `lab grade`).
    pub fn to_json(&self) -> Value {
        json!({
            "task": self.task,
            "search": self.search,
            "verdict": self.verdict().code(),
            "accepted": self.accepted(),
            "cases": self.cases.iter().map(CaseReport::to_json).collect::<Vec<_>>(),
            "program": self.program,
            "session": self.session,
            "encoding": self.encoding,
            "isolation": self.isolation,
            "limits": {
                "seconds": self.limits.seconds,
                "cpu_seconds": self.limits.cpu_seconds,
                "memory_mb": self.limits.memory_mb,
                "output_bytes": self.limits.output_bytes,
                "idle_seconds": self.limits.idle_seconds,
            },
            "code_sha256": self.code_hash,
            "task_sha256": self.task_hash,
            "ai_arcade": self.version,
        })
    }

    /// The plain-text summary `lab run` prints: a line per case.
    pub fn summary(&self, lang: Lang) -> String {
        let mut out = String::new();
        for c in &self.cases {
            out.push_str(&format!(
                "{} {} {:<11} {}",
                lang.tr(crate::msg!("case")),
                c.case,
                c.verdict.code(),
                if c.reference_max > 0 {
                    lang.fill(
                        crate::msg!("expanded {n} (reference {min}–{max})"),
                        &[
                            ("n", &c.expansions),
                            ("min", &c.reference_min),
                            ("max", &c.reference_max),
                        ],
                    )
                } else {
                    c.about.clone()
                }
            ));
            if let Some(cost) = c.path_cost {
                out.push_str(&format!(
                    ", {}",
                    lang.fill(
                        crate::msg!("path cost {cost} (best {best})"),
                        &[
                            ("cost", &cost),
                            (
                                "best",
                                &c.optimal_cost.map_or("-".to_string(), |b| b.to_string())
                            )
                        ]
                    )
                ));
            }
            out.push_str(&format!(", {:.2} s\n", c.seconds));
            if let Some(v) = &c.violation {
                let at = if v.step > 0 {
                    lang.fill(crate::msg!("step {step}: "), &[("step", &v.step)])
                } else {
                    String::new()
                };
                out.push_str(&format!("    {at}{}\n", v.say.show(lang)));
            }
            for note in &c.notes {
                out.push_str(&format!("    {}\n", note.show(lang)));
            }
            // what the program said on stderr when it went wrong: its last lines
            if c.verdict != Verdict::Ac && !c.stderr.trim().is_empty() {
                let lines: Vec<&str> = c.stderr.trim_end().lines().collect();
                for line in &lines[lines.len().saturating_sub(4)..] {
                    out.push_str(&format!("    | {line}\n"));
                }
            }
        }
        if let Some(line) = self.agent_totals() {
            out.push_str(&format!("{}\n", line.show(lang)));
        }
        out.push_str(&lang.fill(
            crate::msg!("{task}: {verdict}, {ok} of {n} cases accepted ({isolation})"),
            &[
                ("task", &self.task),
                ("verdict", &self.verdict().code()),
                ("ok", &self.accepted()),
                ("n", &self.cases.len()),
                ("isolation", &lang.tr_text(&self.isolation)),
            ],
        ));
        out
    }

    /// A game agent's totals over the fields, beside the built-in robot's on the same fields
    /// (`None` for searches).
    pub fn agent_totals(&self) -> Option<Phrase> {
        let games: Vec<&Value> = self
            .cases
            .iter()
            .filter_map(|c| c.details.as_ref())
            .filter(|d| d.get("robot").is_some())
            .collect();
        if games.is_empty() {
            return None;
        }
        let count = |key: &str, robot: bool| -> u64 {
            games
                .iter()
                .filter_map(|d| if robot { d.get("robot") } else { Some(*d) })
                .filter_map(|d| d.get(key))
                .map(|v| v.as_u64().unwrap_or(u64::from(v.as_bool() == Some(true))))
                .sum()
        };
        Some(phrase!(
            "over {n} fields: won {won}, mines hit {hit}; the built-in robot on the same fields: won {robot_won}, mines hit {robot_hit}",
            n = games.len(),
            won = count("won", false),
            hit = count("mines_hit", false),
            robot_won = count("won", true),
            robot_hit = count("mines_hit", true)
        ))
    }

    /// The student's report in Markdown, in `lang`.
    pub fn markdown(&self, student: &str, lang: Lang) -> String {
        let t = |key: &'static str| lang.tr(key);
        let mut out = format!(
            "# {} — {}\n\n",
            lang.fill(crate::msg!("Lab report: {task}"), &[("task", &self.task)]),
            student
        );
        out.push_str(&format!(
            "**{}: {}** — {}\n\n",
            t(crate::msg!("Verdict")),
            self.verdict().code(),
            lang.fill(
                crate::msg!("{ok} of {n} cases accepted"),
                &[("ok", &self.accepted()), ("n", &self.cases.len())]
            )
        ));
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n|---|---|---|---|---|---|\n",
            t(crate::msg!("case")),
            t(crate::msg!("verdict")),
            t(crate::msg!("expansions")),
            t(crate::msg!("reference")),
            t(crate::msg!("path cost (best)")),
            t(crate::msg!("time"))
        ));
        for c in &self.cases {
            let cost = match (c.path_cost, c.optimal_cost) {
                (Some(p), Some(b)) => format!("{p} ({b})"),
                (Some(p), None) => p.to_string(),
                (None, Some(b)) => format!("— ({b})"),
                (None, None) => "—".to_string(),
            };
            out.push_str(&format!(
                "| {} | {} | {} | {}–{} | {} | {:.2} s |\n",
                c.case,
                c.verdict.code(),
                c.expansions,
                c.reference_min,
                c.reference_max,
                cost,
                c.seconds
            ));
        }
        if let Some(line) = self.agent_totals() {
            out.push_str(&format!("\n{}\n", line.show(lang)));
        }
        for c in self.cases.iter().filter(|c| c.violation.is_some()) {
            let v = c.violation.as_ref().expect("filtered");
            out.push_str(&format!(
                "\n## {} {} — {}\n\n",
                t(crate::msg!("case")),
                c.case,
                v.verdict.code()
            ));
            if v.step > 0 {
                out.push_str(&lang.fill(crate::msg!("step {step}: "), &[("step", &v.step)]));
            }
            out.push_str(&v.say.show(lang));
            out.push('\n');
            for note in &c.notes {
                out.push_str(&format!("\n{}\n", note.show(lang)));
            }
            if let Some(e) = &c.expected_shown {
                out.push_str(&format!(
                    "\n{}\n",
                    lang.fill(
                        crate::msg!("The algorithm takes {state} here."),
                        &[("state", e)]
                    )
                ));
            }
            if !c.stderr.is_empty() {
                out.push_str(&format!("\n```\n{}\n```\n", c.stderr.trim_end()));
            }
        }
        out.push_str(&format!(
            "\n---\n{}: {} · {}: {} · {}: {} · {}: {}\n",
            t(crate::msg!("isolation")),
            lang.tr_text(&self.isolation),
            t(crate::msg!("limits")),
            lang.fill(
                crate::msg!("{seconds} s, {memory} MiB per case"),
                &[
                    ("seconds", &self.limits.seconds),
                    ("memory", &self.limits.memory_mb)
                ]
            ),
            t(crate::msg!("code")),
            self.code_hash.as_deref().unwrap_or("—"),
            t(crate::msg!("task")),
            self.task_hash
        ));
        out
    }

    /// The class's CSV header.
    pub fn csv_header(cases: usize) -> String {
        let mut cols = vec![
            "student".to_string(),
            "task".to_string(),
            "verdict".to_string(),
            "accepted".to_string(),
            "cases".to_string(),
        ];
        cols.extend((1..=cases).map(|c| format!("case{c}")));
        cols.push("code_sha256".to_string());
        cols.join(",")
    }

    /// One CSV row for the class (fields quoted where they need it).
    pub fn csv_row(&self, student: &str) -> String {
        let mut cols = vec![
            csv_field(student),
            csv_field(&self.task),
            self.verdict().code().to_string(),
            self.accepted().to_string(),
            self.cases.len().to_string(),
        ];
        cols.extend(self.cases.iter().map(|c| c.verdict.code().to_string()));
        cols.push(self.code_hash.clone().unwrap_or_default());
        cols.join(",")
    }

    /// Gradescope's `results.json`: a test per case, one point each, the sentence as output.
    pub fn gradescope(&self) -> Value {
        let tests: Vec<Value> = self
            .cases
            .iter()
            .map(|c| {
                let mut output = format!("{} — {}", c.verdict.code(), c.about);
                if let Some(v) = &c.violation {
                    output.push_str(&format!("\nstep {}: {}", v.step, v.say.show(Lang::En)));
                }
                json!({
                    "name": format!("{} case {}", self.task, c.case),
                    "score": i32::from(c.verdict == Verdict::Ac),
                    "max_score": 1,
                    "status": if c.verdict == Verdict::Ac { "passed" } else { "failed" },
                    "output": output,
                })
            })
            .collect();
        json!({
            "score": self.accepted(),
            "output": format!("{}: {} ({})", self.task, self.verdict().code(), self.isolation),
            "tests": tests,
        })
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
pub fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// SHA-256 of a task's definition: its name, search and every case's problem message (what a
/// report names so that a grade can be reproduced).
pub fn task_hash(task: &Task) -> String {
    let mut text = format!("{} {}\n", task.name, task.search.name());
    for n in 1..=task.cases() {
        if let Ok(case) = task.case(n) {
            text.push_str(&super::message::problem(
                &case,
                case.search
                    .session()
                    .unwrap_or(super::message::Session::Trace),
                &super::task::Limits::default(),
                super::message::Encoding::Json,
            ));
            text.push('\n');
        }
    }
    sha256_hex(text.as_bytes())
}

/// SHA-256 (FIPS 180-4) of `bytes`, in hex: reports name the code and the task they judged.
pub fn sha256_hex(bytes: &[u8]) -> String {
    const K: [u32; 64] = [
        0x428a_2f98,
        0x7137_4491,
        0xb5c0_fbcf,
        0xe9b5_dba5,
        0x3956_c25b,
        0x59f1_11f1,
        0x923f_82a4,
        0xab1c_5ed5,
        0xd807_aa98,
        0x1283_5b01,
        0x2431_85be,
        0x550c_7dc3,
        0x72be_5d74,
        0x80de_b1fe,
        0x9bdc_06a7,
        0xc19b_f174,
        0xe49b_69c1,
        0xefbe_4786,
        0x0fc1_9dc6,
        0x240c_a1cc,
        0x2de9_2c6f,
        0x4a74_84aa,
        0x5cb0_a9dc,
        0x76f9_88da,
        0x983e_5152,
        0xa831_c66d,
        0xb003_27c8,
        0xbf59_7fc7,
        0xc6e0_0bf3,
        0xd5a7_9147,
        0x06ca_6351,
        0x1429_2967,
        0x27b7_0a85,
        0x2e1b_2138,
        0x4d2c_6dfc,
        0x5338_0d13,
        0x650a_7354,
        0x766a_0abb,
        0x81c2_c92e,
        0x9272_2c85,
        0xa2bf_e8a1,
        0xa81a_664b,
        0xc24b_8b70,
        0xc76c_51a3,
        0xd192_e819,
        0xd699_0624,
        0xf40e_3585,
        0x106a_a070,
        0x19a4_c116,
        0x1e37_6c08,
        0x2748_774c,
        0x34b0_bcb5,
        0x391c_0cb3,
        0x4ed8_aa4a,
        0x5b9c_ca4f,
        0x682e_6ff3,
        0x748f_82ee,
        0x78a5_636f,
        0x84c8_7814,
        0x8cc7_0208,
        0x90be_fffa,
        0xa450_6ceb,
        0xbef9_a3f7,
        0xc671_78f2,
    ];
    let mut h: [u32; 8] = [
        0x6a09_e667,
        0xbb67_ae85,
        0x3c6e_f372,
        0xa54f_f53a,
        0x510e_527f,
        0x9b05_688c,
        0x1f83_d9ab,
        0x5be0_cd19,
    ];
    let mut data = bytes.to_vec();
    let bits = (bytes.len() as u64).wrapping_mul(8);
    data.push(0x80);
    while data.len() % 64 != 56 {
        data.push(0);
    }
    data.extend_from_slice(&bits.to_be_bytes());
    for block in data.chunks(64) {
        let mut w = [0u32; 64];
        for (i, word) in block.chunks(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let mut v = h;
        for i in 0..64 {
            let s1 = v[4].rotate_right(6) ^ v[4].rotate_right(11) ^ v[4].rotate_right(25);
            let ch = (v[4] & v[5]) ^ (!v[4] & v[6]);
            let t1 = v[7]
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(K[i])
                .wrapping_add(w[i]);
            let s0 = v[0].rotate_right(2) ^ v[0].rotate_right(13) ^ v[0].rotate_right(22);
            let maj = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
            let t2 = s0.wrapping_add(maj);
            v = [
                t1.wrapping_add(t2),
                v[0],
                v[1],
                v[2],
                v[3].wrapping_add(t1),
                v[4],
                v[5],
                v[6],
            ];
        }
        for (a, b) in h.iter_mut().zip(v) {
            *a = a.wrapping_add(b);
        }
    }
    h.iter().fold(String::with_capacity(64), |mut hex, x| {
        hex.push_str(&format!("{x:08x}"));
        hex
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lab::task::Limits;
    use crate::phrase;

    fn report() -> Report {
        let case = |n, verdict, violation| CaseReport {
            case: n,
            about: "a maze".into(),
            verdict,
            expansions: 10,
            reference_min: 8,
            reference_max: 12,
            path_cost: Some(5),
            path_moves: Some(5),
            optimal_cost: Some(5),
            optimal_moves: Some(5),
            violation,
            expected: None,
            expected_shown: Some("(1, 2)".into()),
            seconds: 0.25,
            cpu_seconds: 0.2,
            memory_mb: 9.0,
            stderr: String::new(),
            notes: Vec::new(),
            details: None,
        };
        Report {
            task: "maze-bfs".into(),
            search: "bfs".into(),
            program: "python3 bfs.py".into(),
            session: "trace".into(),
            encoding: "json".into(),
            isolation: "none".into(),
            limits: Limits::default(),
            cases: vec![
                case(1, Verdict::Ac, None),
                case(
                    2,
                    Verdict::WrongOrder,
                    Some(Violation {
                        verdict: Verdict::WrongOrder,
                        step: 4,
                        say: phrase!("your path is empty"),
                        expected: Some(10),
                    }),
                ),
            ],
            code_hash: Some("ab12".into()),
            task_hash: "cd34".into(),
            version: "0.1.0".into(),
        }
    }

    #[test]
    fn a_run_is_accepted_only_when_every_case_is() {
        let r = report();
        assert_eq!(r.verdict(), Verdict::WrongOrder);
        assert_eq!(r.accepted(), 1);
        let json = r.to_json();
        assert_eq!(json["verdict"], "WRONG_ORDER");
        assert_eq!(json["cases"][1]["violation"]["step"], 4);
        assert_eq!(json["cases"][0]["reference"]["max"], 12);
        assert_eq!(r.gradescope()["score"], 1);
        assert_eq!(r.gradescope()["tests"][1]["status"], "failed");
        assert_eq!(
            r.csv_row("Zhang, Wei"),
            "\"Zhang, Wei\",maze-bfs,WRONG_ORDER,1,2,AC,WRONG_ORDER,ab12"
        );
        assert_eq!(Report::csv_header(2).split(',').count(), 8);
        let md = r.markdown("Wei", Lang::Zh);
        assert!(md.contains("WRONG_ORDER") && md.contains("(1, 2)"), "{md}");
        assert!(r.summary(Lang::En).contains("step 4: your path is empty"));
    }
}
