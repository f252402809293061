fn main() -> std::process::ExitCode {
    three13::main()
}
