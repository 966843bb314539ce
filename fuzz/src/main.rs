//! `skirmish-fuzz TARGET`: feeds the inputs AFL++ makes (or, run by hand, standard input once) to one of the game's
//! loaders (`skirmish::lab::fuzz`, which names the targets). `scripts/fuzz` builds and runs it.

fn main() {
    let target = std::env::args().nth(1).unwrap_or_default();
    let targets = skirmish::lab::fuzz::TARGETS;
    if !targets.contains(&target.as_str()) {
        eprintln!("usage: skirmish-fuzz TARGET, one of {}", targets.join(", "));
        std::process::exit(2);
    }
    afl::fuzz!(|data: &[u8]| {
        skirmish::lab::fuzz::run(&target, data);
    });
}
