//! `play [--port N]`: serves the playground on 127.0.0.1 and prints its URL.

use std::process::ExitCode;

const USAGE: &str = "usage: play [--port N]   (serves the playground on 127.0.0.1; port 0 picks a free one)";

fn port(args: &[String]) -> Result<u16, String> {
    match args {
        [] => Ok(play::DEFAULT_PORT),
        [flag, n] if flag == "--port" => n.parse().map_err(|_| format!("--port takes 0 to 65535, not {n:?}\n{USAGE}")),
        [flag] if flag.starts_with("--port=") => {
            let n = &flag["--port=".len()..];
            n.parse().map_err(|_| format!("--port takes 0 to 65535, not {n:?}\n{USAGE}"))
        }
        [flag] if flag == "-h" || flag == "--help" => Err(String::new()),
        _ => Err(USAGE.to_string()),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let port = match port(&args) {
        Ok(port) => port,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("play: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("play: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
        let address = listener.local_addr()?;
        println!("playground: http://{address}/");
        play::serve(listener, play::Config::default()).await
    });
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("play: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::port;

    #[test]
    fn ports() {
        let args = |a: &[&str]| a.iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(port(&args(&[])), Ok(play::DEFAULT_PORT));
        assert_eq!(port(&args(&["--port", "0"])), Ok(0));
        assert_eq!(port(&args(&["--port=8080"])), Ok(8080));
        assert!(port(&args(&["--port", "70000"])).unwrap_err().contains("0 to 65535"));
        assert!(port(&args(&["--prot", "1"])).unwrap_err().starts_with("usage"));
        assert_eq!(port(&args(&["--help"])), Err(String::new()));
    }
}
