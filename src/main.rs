//! The `skirmish` command: the command line is [`skirmish::cli`]'s.

fn main() -> std::process::ExitCode {
    skirmish::ui::mark_launch();
    skirmish::cli::main()
}
