//! The fuzz targets' inputs, fed again through the same functions AFL++ calls (`skirmish::lab::fuzz`): inputs
//! the fuzzer kept in `tests/fuzz_corpus/TARGET/` (the newest of each target's corpus, each of which reached code no
//! input before it had; a crash found is kept there too, as its regression test), and each target's seeds (the
//! shipped files it starts from). None may panic.

use std::path::{Path, PathBuf};

use skirmish::lab::fuzz::{self, TARGETS};

/// The files of a folder, sorted; none when there is no such folder.
fn files(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn every_input_the_fuzzer_kept_is_read_or_refused_without_a_panic() {
    for target in TARGETS {
        let kept = files(&Path::new("tests/fuzz_corpus").join(target));
        assert!(kept.len() >= 10, "inputs of {target} are kept: {}", kept.len());
        for file in kept {
            let data = std::fs::read(&file).expect("readable");
            assert!(fuzz::run(target, &data), "{target} is a target");
        }
    }
}

#[test]
fn each_targets_seeds_are_read_and_played_without_a_panic() {
    let json = |names: &[&str]| names.iter().map(|n| Path::new("tests/import").join(n)).collect::<Vec<_>>();
    let seeds: [(&str, Vec<PathBuf>); 9] = [
        (
            "level",
            files(Path::new("levels")).into_iter().filter(|p| p.extension().is_some_and(|e| e == "ron")).collect(),
        ),
        ("scenario", files(Path::new("scenarios"))),
        ("character", files(Path::new("tests/content/characters"))),
        ("save", files(Path::new("fuzz/seeds/save"))),
        ("options", files(Path::new("fuzz/seeds/options"))),
        ("chummer", files(Path::new("tests/import"))),
        ("epcc", json(&["vesna.json", "okonkwo.json"])),
        ("foundry", json(&["marguerite.json", "tobias_older.json", "rosalind.json"])),
        ("uvtt", files(Path::new("tests/maps"))),
    ];
    for (target, files) in seeds {
        assert!(!files.is_empty(), "{target} has seeds");
        for file in files {
            let data = std::fs::read(&file).expect("readable");
            assert!(fuzz::run(target, &data), "{target} is a target");
        }
    }
    assert!(!fuzz::run("nothing", b""), "an unknown target is said");
}
