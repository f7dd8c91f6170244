//! The part the scripted model servers share (`model_server` for the Anthropic API,
//! `gemini_server` for the Gemini API): a loopback listener, one thread per connection
//! reading HTTP/1.1 requests and answering each through the server's own `respond`, the
//! queue of scripted replies and the record of every request.

use super::model_server::{parse_request, Request};
use serde_json::Value;
use std::collections::VecDeque;
use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

/// One HTTP request the server received.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    /// The JSON body, or `Value::Null` when there was none or it was not JSON.
    pub body: Value,
    /// Whether it was classified as the main conversation (and so consumed the script).
    pub main: bool,
}

/// What the connection threads share: the script, the record, the stop flag, an id counter.
pub struct Shared<R> {
    pub script: Mutex<VecDeque<R>>,
    pub requests: Mutex<Vec<Recorded>>,
    pub stop: AtomicBool,
    pub next_id: AtomicUsize,
}

pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panicking connection thread must not hide the recorded requests from the report.
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// How a server answers one request (recording it and consuming the script as it sees fit).
pub type Respond<R> = fn(&Request, &Shared<R>) -> Vec<u8>;

/// The running server. Dropping it stops the accept loop and every connection thread.
pub struct Scripted<R: Send + 'static> {
    addr: SocketAddr,
    pub shared: Arc<Shared<R>>,
    accept: Option<JoinHandle<Vec<JoinHandle<()>>>>,
}

impl<R: Send + 'static> Scripted<R> {
    pub fn start(script: Vec<R>, respond: Respond<R>) -> Scripted<R> {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().expect("local_addr");
        let shared = Arc::new(Shared {
            script: Mutex::new(script.into()),
            requests: Mutex::new(Vec::new()),
            stop: AtomicBool::new(false),
            next_id: AtomicUsize::new(0),
        });
        let accept_shared = Arc::clone(&shared);
        let accept = std::thread::spawn(move || {
            let mut conns = Vec::new();
            for stream in listener.incoming() {
                if accept_shared.stop.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let conn_shared = Arc::clone(&accept_shared);
                conns.push(std::thread::spawn(move || {
                    serve_connection(stream, &conn_shared, respond)
                }));
            }
            conns
        });
        Scripted {
            addr,
            shared,
            accept: Some(accept),
        }
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn requests(&self) -> Vec<Recorded> {
        lock(&self.shared.requests).clone()
    }

    pub fn main_requests(&self) -> Vec<Recorded> {
        self.requests().into_iter().filter(|r| r.main).collect()
    }

    /// Replies the model never got to give (the run ended early).
    pub fn unused_replies(&self) -> usize {
        lock(&self.shared.script).len()
    }

    pub fn shutdown(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        if let Some(accept) = self.accept.take() {
            // Wake the blocking accept() so it sees the stop flag.
            let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
            if let Ok(conns) = accept.join() {
                for c in conns {
                    let _ = c.join();
                }
            }
        }
    }
}

impl<R: Send + 'static> Drop for Scripted<R> {
    fn drop(&mut self) {
        self.shutdown();
    }
}

fn serve_connection<R>(mut stream: TcpStream, shared: &Shared<R>, respond: Respond<R>) {
    // Short read timeouts let the thread notice shutdown on a kept-alive idle connection.
    let _ = stream.set_read_timeout(Some(Duration::from_millis(100)));
    let mut buf: Vec<u8> = Vec::new();
    let mut chunk = [0u8; 64 * 1024];
    loop {
        while let Some((req, used)) = parse_request(&buf) {
            buf.drain(..used);
            let response = respond(&req, shared);
            if stream.write_all(&response).is_err() || stream.flush().is_err() {
                return;
            }
        }
        if shared.stop.load(Ordering::SeqCst) {
            return;
        }
        match stream.read(&mut chunk) {
            Ok(0) => return,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}
