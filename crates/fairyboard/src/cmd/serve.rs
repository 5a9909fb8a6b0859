//! `fairyboard serve [--port N] [--bind ADDR]`: the catalogue website (see the
//! `fairyboard-server` crate for the routes). Loopback only unless `--bind` says otherwise;
//! `--port 0` takes any free port (the address is printed on standard error).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

#[derive(clap::Args)]
pub struct Args {
    /// TCP port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on (e.g. 0.0.0.0 to be reachable from other machines).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
}

pub fn run(args: Args) -> Result<String, String> {
    let addr = SocketAddr::new(args.bind, args.port);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("starting the runtime: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("listening on {addr}: {e}"))?;
        let bound = listener.local_addr().map_err(|e| e.to_string())?;
        eprintln!(
            "fairyboard: serving on http://{bound}/ (Ctrl-C stops after the requests in flight)"
        );
        fairyboard_server::serve(listener, fairyboard_server::Config::default())
            .await
            .map_err(|e| format!("serving on {bound}: {e}"))
    })?;
    // The server has drained; work still running off the async workers (bounded by its own
    // time limit) is not waited for past this.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    Ok(String::new())
}
