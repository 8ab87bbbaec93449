//! Where to draw a graph's nodes: Romania as the textbook's map draws it, any other graph by a
//! force-directed layout (Fruchterman and Reingold, 1991) — deterministic, so a case looks the
//! same every time it is opened.

use super::space::GraphSpace;

/// The most nodes a graph may have to be drawn as a map; past it, nodes are listed.
pub const MAX_DRAWN: usize = 80;

/// How many steps the springs take to settle.
const SPRING_STEPS: usize = 300;

/// The map of Romania as Russell and Norvig draw it (figure 3.2): each city's place, x to the
/// east and y to the north.
const ROMANIA: &[(&str, f32, f32)] = &[
    ("Arad", 91.0, 492.0),
    ("Bucharest", 400.0, 327.0),
    ("Craiova", 253.0, 288.0),
    ("Drobeta", 165.0, 299.0),
    ("Eforie", 562.0, 293.0),
    ("Fagaras", 305.0, 449.0),
    ("Giurgiu", 375.0, 270.0),
    ("Hirsova", 534.0, 350.0),
    ("Iasi", 473.0, 506.0),
    ("Lugoj", 165.0, 379.0),
    ("Mehadia", 168.0, 339.0),
    ("Neamt", 406.0, 537.0),
    ("Oradea", 131.0, 571.0),
    ("Pitesti", 320.0, 368.0),
    ("Rimnicu_Vilcea", 233.0, 410.0),
    ("Sibiu", 207.0, 457.0),
    ("Timisoara", 94.0, 410.0),
    ("Urziceni", 456.0, 350.0),
    ("Vaslui", 509.0, 444.0),
    ("Zerind", 108.0, 531.0),
];

/// Where a graph's nodes go.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Each node's place in the unit square (x right, y down), the nodes spread over all of it.
    pub places: Vec<[f32; 2]>,
    /// A map's width over its height, to be kept when drawn; `None` for a layout that may be
    /// stretched to any shape.
    pub aspect: Option<f32>,
}

/// The graph's [`Layout`], or `None` when it has more than [`MAX_DRAWN`] nodes.
pub fn graph_layout(graph: &GraphSpace) -> Option<Layout> {
    let n = graph.names.len();
    if n > MAX_DRAWN {
        return None;
    }
    let map: Option<Vec<[f32; 2]>> = graph
        .names
        .iter()
        .map(|name| {
            ROMANIA
                .iter()
                .find(|(city, _, _)| city == name)
                .map(|&(_, x, y)| [x, -y])
        })
        .collect();
    let aspect = map.as_ref().map(|places| {
        let span = |axis: usize| {
            let (low, high) = bounds(places, axis);
            (high - low).max(1e-6)
        };
        span(0) / span(1)
    });
    let places = fit(map.unwrap_or_else(|| spring(graph)));
    Some(Layout { places, aspect })
}

/// Fruchterman and Reingold's layout: nodes repel each other, edges pull their ends together,
/// and each step's moves shrink until the nodes settle. The nodes start on a circle in their
/// order, so the layout is the same every time.
fn spring(graph: &GraphSpace) -> Vec<[f32; 2]> {
    let n = graph.names.len();
    let mut at: Vec<[f32; 2]> = (0..n)
        .map(|i| {
            let angle = std::f32::consts::TAU * i as f32 / n.max(1) as f32;
            [angle.cos(), angle.sin()]
        })
        .collect();
    if n < 2 {
        return at;
    }
    // the ideal distance between nodes in a square of side 2
    let k = (4.0 / n as f32).sqrt();
    let mut joined: Vec<(usize, usize)> = graph
        .next
        .iter()
        .enumerate()
        .flat_map(|(a, next)| next.iter().map(move |&(b, _)| (a.min(b), a.max(b))))
        .filter(|(a, b)| a != b)
        .collect();
    joined.sort_unstable();
    joined.dedup();
    for step in 0..SPRING_STEPS {
        let mut push = vec![[0.0f32; 2]; n];
        for a in 0..n {
            for b in a + 1..n {
                let d = [at[a][0] - at[b][0], at[a][1] - at[b][1]];
                let len = (d[0] * d[0] + d[1] * d[1]).sqrt().max(0.01);
                let f = k * k / len;
                for (axis, &dx) in d.iter().enumerate() {
                    push[a][axis] += dx / len * f;
                    push[b][axis] -= dx / len * f;
                }
            }
        }
        for &(a, b) in &joined {
            let d = [at[a][0] - at[b][0], at[a][1] - at[b][1]];
            let len = (d[0] * d[0] + d[1] * d[1]).sqrt().max(0.01);
            let f = len * len / k;
            for (axis, &dx) in d.iter().enumerate() {
                push[a][axis] -= dx / len * f;
                push[b][axis] += dx / len * f;
            }
        }
        // a weak pull to the middle keeps the parts of a disconnected graph in view
        for (p, force) in at.iter().zip(push.iter_mut()) {
            force[0] -= p[0] * k;
            force[1] -= p[1] * k;
        }
        let heat = 0.2 * (1.0 - step as f32 / SPRING_STEPS as f32) + 0.002;
        for (p, force) in at.iter_mut().zip(&push) {
            let len = (force[0] * force[0] + force[1] * force[1]).sqrt();
            if len > 0.0 {
                let moved = len.min(heat);
                p[0] += force[0] / len * moved;
                p[1] += force[1] / len * moved;
            }
        }
    }
    at
}

/// The places moved and scaled to fill the unit square on each axis (a single node, or nodes in
/// one line, in the middle).
fn fit(mut places: Vec<[f32; 2]>) -> Vec<[f32; 2]> {
    for axis in 0..2 {
        let (low, high) = bounds(&places, axis);
        for p in &mut places {
            p[axis] = if high - low > 1e-6 {
                (p[axis] - low) / (high - low)
            } else {
                0.5
            };
        }
    }
    places
}

/// The least and the greatest coordinate of `places` on `axis`.
fn bounds(places: &[[f32; 2]], axis: usize) -> (f32, f32) {
    places
        .iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(low, high), p| {
            (low.min(p[axis]), high.max(p[axis]))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lab::task;

    fn spread(places: &[[f32; 2]]) -> f32 {
        let mut closest = f32::INFINITY;
        for (i, a) in places.iter().enumerate() {
            for b in &places[i + 1..] {
                closest = closest.min(((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt());
            }
        }
        closest
    }

    #[test]
    fn romania_is_drawn_as_the_map_and_other_graphs_spread_out() {
        let romania = task::romania();
        let layout = graph_layout(&romania).unwrap();
        // the map's shape kept: Romania is wider than it is tall
        assert!(
            layout.aspect.is_some_and(|a| (1.5..1.8).contains(&a)),
            "{layout:?}"
        );
        let places = layout.places;
        let at = |name: &str| places[romania.node(name).unwrap()];
        // Arad in the west, Eforie in the east, Oradea in the north, Giurgiu in the south
        assert_eq!(
            at("Arad")[0],
            places.iter().map(|p| p[0]).fold(1.0, f32::min)
        );
        assert_eq!(at("Eforie")[0], 1.0);
        assert_eq!(at("Oradea")[1], 0.0);
        assert_eq!(at("Giurgiu")[1], 1.0);
        // every built-in graph and a ring: inside the square, the same every time, and no two
        // nodes on top of each other
        let mut graphs: Vec<GraphSpace> = ["graph-bfs", "graph-ucs"]
            .iter()
            .flat_map(|name| {
                let t = task::task(name).unwrap();
                (1..=t.cases())
                    .filter_map(|i| match t.case(i).ok()?.space {
                        crate::core::lab::Space::Graph(g) => Some(g),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        assert!(graphs.len() >= 4, "{}", graphs.len());
        let names: Vec<String> = (0..30).map(|i| format!("n{i}")).collect();
        let ring = (0..30).map(|i| (i, (i + 1) % 30, 1)).collect();
        graphs.push(GraphSpace::new(
            names,
            ring,
            vec![0; 30],
            0,
            vec![15],
            false,
        ));
        for g in &graphs {
            let layout = graph_layout(g).unwrap();
            // Romania keeps its map's shape; a laid-out graph may be stretched
            assert_eq!(layout.aspect.is_some(), g.node("Arad").is_some());
            let places = layout.places.clone();
            assert_eq!(places.len(), g.names.len());
            assert_eq!(graph_layout(g).unwrap(), layout);
            assert!(
                places
                    .iter()
                    .all(|p| p.iter().all(|&v| (0.0..=1.0).contains(&v)))
            );
            assert!(spread(&places) > 0.03, "{:?}: {}", g.names, spread(&places));
        }
    }

    #[test]
    fn roads_pull_their_ends_together() {
        // a ring numbered out of its order: on the starting circle, neighbours sit far apart
        let n = 24;
        let names: Vec<String> = (0..n).map(|i| format!("n{i}")).collect();
        let ring: Vec<(usize, usize, u64)> = (0..n)
            .map(|i| ((i * 7) % n, ((i + 1) * 7) % n, 1))
            .collect();
        let g = GraphSpace::new(names, ring.clone(), vec![0; n], 0, vec![1], false);
        let places = graph_layout(&g).unwrap().places;
        let dist = |a: usize, b: usize| {
            ((places[a][0] - places[b][0]).powi(2) + (places[a][1] - places[b][1]).powi(2)).sqrt()
        };
        let roads = ring.iter().map(|&(a, b, _)| dist(a, b)).sum::<f32>() / n as f32;
        let pairs: Vec<f32> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .map(|(a, b)| dist(a, b))
            .collect();
        let all = pairs.iter().sum::<f32>() / pairs.len() as f32;
        assert!(roads < 0.5 * all, "roads {roads}, all pairs {all}");
    }

    #[test]
    fn a_graph_too_big_to_draw_is_listed() {
        let n = MAX_DRAWN + 1;
        let names: Vec<String> = (0..n).map(|i| format!("n{i}")).collect();
        let chain = (1..n).map(|i| (i - 1, i, 1)).collect();
        let g = GraphSpace::new(names, chain, vec![0; n], 0, vec![n - 1], false);
        assert!(graph_layout(&g).is_none());
        let one = GraphSpace::new(vec!["A".into()], vec![], vec![0], 0, vec![0], false);
        assert_eq!(graph_layout(&one).unwrap().places, vec![[0.5, 0.5]]);
    }
}
