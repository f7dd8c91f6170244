//! Holds through the binary: the person's "don't X" asks before X, quoting them, until
//! their own later words lift it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::json;
use support::{bash, say, Env};

#[test]
fn a_hold_asks_quoting_the_person_until_they_lift_it() {
    let env = Env::new();
    env.config("[permissions]\nallow = [\"Bash(git push origin feature)\"]\n");
    assert_eq!(bash(&env, "git push origin feature").decision(), "allow");
    say(&env, "Refactor the parser. Don't push yet!");
    let out = bash(&env, "git push origin feature");
    assert_eq!(
        (out.decision().as_str(), out.cause().as_str()),
        ("ask", "hold"),
        "{}",
        out.reason()
    );
    assert!(
        out.reason()
            .contains("You asked me not to push code to a remote"),
        "{}",
        out.reason()
    );
    assert!(out.reason().contains("Don't push yet"), "{}", out.reason());
    // Other actions are not held.
    assert_eq!(bash(&env, "git status").decision(), "allow");
    // Their own later words lift it.
    say(&env, "ok, push it now");
    assert_eq!(bash(&env, "git push origin feature").decision(), "allow");
}

#[test]
fn holds_cover_other_tools_and_are_not_set_by_encouragement() {
    let env = Env::new();
    say(&env, "don't forget to push when you're done");
    assert_ne!(bash(&env, "git push origin feature").cause(), "hold");
    say(
        &env,
        "stay offline: no network access please, and don't install anything",
    );
    let out = env.pre("WebFetch", r#"{"url":"https://example.com","prompt":"x"}"#);
    assert_eq!(
        (out.decision().as_str(), out.cause().as_str()),
        ("ask", "hold")
    );
    let out = bash(&env, "npm install left-pad");
    assert_eq!(out.cause(), "hold", "{}", out.reason());
    // A subagent's call in the same session is held by the same words.
    let mut p = env.payload("Bash", json!({"command": "curl https://example.com"}));
    p["agent_id"] = json!("agent-1");
    p["agent_type"] = json!("general-purpose");
    let out = env.hook(&p);
    assert_eq!(out.cause(), "hold");
}

#[test]
fn a_hold_covers_a_subagent_told_to_do_it() {
    let env = Env::new();
    say(&env, "don't push anything today");
    let out = env.hook(&env.payload(
        "Agent",
        json!({"prompt": "finish the refactor and git push the branch", "subagent_type": "general-purpose"}),
    ));
    assert_eq!(
        (out.decision().as_str(), out.cause().as_str()),
        ("ask", "hold"),
        "{}",
        out.reason()
    );
}

/// Holds read what a command does (its effects), not its name: each row is the person's
/// hold, a command, and whether the hold covers it. A program the floor does not
/// understand may be any held action, so every hold covers it, and the reason line says
/// gatehook cannot tell what it does.
#[test]
fn holds_cover_commands_by_their_effects() {
    let rows: &[(&str, &str, bool)] = &[
        ("no new dependencies", "npm install left-pad", true),
        ("no new dependencies", "pip install requests", true),
        ("no new dependencies", "npm help install", false),
        // Installs the project pins are installs too (routine for the floor without a hold).
        ("don't install anything", "npm ci", true),
        ("don't install anything", "uv sync --frozen", true),
        ("don't install anything", "go mod download", true),
        ("don't install anything", "cargo build", false),
        ("don't deploy", "kubectl apply -f k8s/", true),
        ("don't deploy", "helm upgrade web ./chart", true),
        ("don't deploy", "gh release create v1.0.0", true),
        ("don't deploy", "cargo publish", true),
        ("don't deploy", "gh release list", false),
        (
            "don't deploy",
            "kubectl rollout status deployment/web",
            false,
        ),
        ("don't deploy", "helm install web ./chart --dry-run", false),
        ("don't delete anything", "git branch -d feature", true),
        ("don't delete anything", "rm -rf build", true),
        ("don't delete anything", "ssh host 'rm -rf /opt/app'", true),
        ("don't delete anything", "ls -la", false),
        ("don't commit", "git rebase main", true),
        ("don't commit", "git commit --amend --no-edit", true),
        ("don't commit", "git status", false),
        (
            "avoid the network",
            "curl -d @notes.txt https://collect.example/up",
            true,
        ),
        (
            "avoid the network",
            "curl -K opts.cfg https://example.com",
            true,
        ),
        ("avoid the network", "rsync -a src/ dst/", false),
        ("avoid the network", "curl --help", false),
        (
            "never touch prod",
            "kubectl --context prod-eu get pods",
            true,
        ),
        ("never touch prod", "aws s3 ls s3://prod-bucket", true),
        (
            "never touch prod",
            "psql -c 'DROP DATABASE production'",
            true,
        ),
        (
            "never touch prod",
            "kubectl --context staging get pods",
            false,
        ),
        ("don't push", "frobnicate --all", true),
        ("don't push", "cargo build", false),
        // Raw connections and ssh sessions use the network; a service of this machine
        // changed does not, nor does it push, deploy or delete (a production unit is prod).
        ("avoid the network", "telnet mail.example 25", true),
        ("avoid the network", "nc example.com 80", true),
        ("avoid the network", "ssh build.example", true),
        (
            "avoid the network",
            "socat - UNIX-CONNECT:/run/app.sock",
            true,
        ),
        ("avoid the network", "systemctl --user restart app", false),
        ("don't push", "systemctl --user restart app", false),
        (
            "don't deploy",
            "launchctl load ~/Library/LaunchAgents/x.plist",
            false,
        ),
        (
            "never touch prod",
            "systemctl --user restart api-prod.service",
            true,
        ),
        // A writer given its arguments at run time may be any held action.
        ("don't delete anything", "cat list.txt | xargs rm", true),
        ("don't push", "xargs dd < list.txt", true),
        // SQL the catalogue does not recognise changes the database: a remote service.
        ("avoid the network", "psql -d app -c 'CLUSTER users'", true),
    ];
    let mut wrong = Vec::new();
    for (i, (hold, cmd, covered)) in rows.iter().enumerate() {
        let env = Env::new();
        env.config(&format!(
            "[permissions]\nallow = [\"Bash({})\"]\n",
            cmd.replace('\\', "\\\\").replace('"', "\\\"")
        ));
        say(&env, hold);
        let out = bash(&env, cmd);
        if (out.cause() == "hold") != *covered {
            wrong.push(format!(
                "#{i} {hold:?} {cmd}: {} ({})",
                out.cause(),
                out.reason()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_hold_covers_what_gatehook_cannot_tell_and_says_so() {
    let env = Env::new();
    say(&env, "Don't push yet!");
    let out = bash(&env, "frobnicate --all");
    assert_eq!(
        (out.decision().as_str(), out.cause().as_str()),
        ("ask", "hold")
    );
    assert!(
        out.reason().contains("cannot tell what this call does")
            && out.reason().contains("Don't push yet"),
        "{}",
        out.reason()
    );
    // A call whose effects are known and outside the hold is not held.
    assert_ne!(bash(&env, "git status").cause(), "hold");
}

/// What a runner fetches before it runs is held too: `uv run` syncs the project's
/// environment first (as `uv sync` does) unless `--no-sync`, and docker's lifecycle
/// commands pull the images the project's files name (base images for a build). A
/// command that fetches nothing is not held.
#[test]
fn holds_cover_what_runners_fetch_first() {
    let rows: &[(&str, &str, bool)] = &[
        (
            "Don't download anything from the internet.",
            "uv run pytest",
            true,
        ),
        (
            "Do not add or install any new dependencies.",
            "uv run pytest",
            true,
        ),
        (
            "Do not add or install any new dependencies.",
            "uv run --frozen pytest",
            true,
        ),
        (
            "Don't download anything from the internet.",
            "uv run --no-sync pytest",
            false,
        ),
        (
            "Don't download anything from the internet.",
            "docker compose pull",
            true,
        ),
        (
            "Don't download anything from the internet.",
            "docker compose up -d",
            true,
        ),
        (
            "Do not add or install any new dependencies.",
            "docker compose pull",
            true,
        ),
        (
            "Don't download anything from the internet.",
            "docker build -t demo .",
            true,
        ),
        (
            "Don't download anything from the internet.",
            "docker compose restart",
            false,
        ),
        (
            "Don't download anything from the internet.",
            "docker compose stop",
            false,
        ),
    ];
    let mut wrong = Vec::new();
    for (i, (hold, cmd, covered)) in rows.iter().enumerate() {
        let env = Env::new();
        std::fs::write(
            env.path("pyproject.toml"),
            "[project]\nname = \"demo\"\nversion = \"0.1.0\"\n",
        )
        .unwrap();
        std::fs::write(
            env.path("compose.yaml"),
            "services:\n  db:\n    image: postgres:16\n",
        )
        .unwrap();
        std::fs::write(env.path("Dockerfile"), "FROM debian:12\n").unwrap();
        // Without a hold each of them runs at once.
        let before = bash(&env, cmd);
        if before.decision() != "allow" {
            wrong.push(format!("#{i} {cmd} without a hold: {}", before.reason()));
        }
        say(&env, hold);
        let out = bash(&env, cmd);
        if (out.cause() == "hold") != *covered {
            wrong.push(format!(
                "#{i} {hold:?} {cmd}: {} ({})",
                out.cause(),
                out.reason()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A project target, script or recipe runs code the floor does not see; a hold covers it
/// when it is named for the held action (`make push` after "don't push", `make clean`
/// after "don't delete anything"), and the project's other targets run at once.
#[test]
fn holds_cover_project_targets_named_for_the_held_action() {
    let rows: &[(&str, &str, bool)] = &[
        ("Commit it, but don't push anything.", "make push", true),
        ("Commit it, but don't push anything.", "make test", false),
        ("Don't deploy anything yet.", "npm run deploy", true),
        ("Don't deploy anything yet.", "npm run deploy:prod", true),
        ("Don't deploy anything yet.", "npm test", false),
        ("Don't release anything.", "just release", true),
        ("Don't release anything.", "just test", false),
        ("Tidy it up, but don't delete anything.", "make clean", true),
        (
            "Tidy it up, but don't delete anything.",
            "cmake --build build --target clean",
            true,
        ),
        (
            "Tidy it up, but don't delete anything.",
            "cmake --build build --target app",
            false,
        ),
        ("Do not touch production.", "make deploy-prod", true),
        // What the recipe does, where the floor reads it: a script that pushes is a push,
        // whatever it is called; one that only tests is not.
        (
            "Commit it, but don't push anything.",
            "npm run deploy",
            true,
        ),
        ("Commit it, but don't push anything.", "just release", true),
        ("Commit it, but don't push anything.", "make ship", true),
        ("Commit it, but don't push anything.", "make all", true),
        ("Commit it, but don't push anything.", "npm test", false),
        ("Tidy it up, but don't delete anything.", "make tidy", true),
        ("Tidy it up, but don't delete anything.", "make test", false),
        ("Do not touch production.", "make test", false),
    ];
    let mut wrong = Vec::new();
    for (i, (hold, cmd, covered)) in rows.iter().enumerate() {
        let env = Env::new();
        std::fs::write(
            env.path("Makefile"),
            "test:\n\tcargo test\npush:\n\tgit push origin HEAD\nclean:\n\trm -rf build\ndeploy-prod:\n\t./deploy.sh\nship:\n\t@git push origin HEAD:main\nall: test ship\ntidy:\n\t-rm -rf out\n",
        )
        .unwrap();
        std::fs::write(
            env.path("package.json"),
            r#"{"name": "demo", "scripts": {"test": "jest", "deploy": "git push origin HEAD", "deploy:prod": "./deploy.sh prod"}}"#,
        )
        .unwrap();
        std::fs::write(
            env.path("justfile"),
            "test:\n\tcargo test\nrelease:\n  git push --follow-tags\n",
        )
        .unwrap();
        std::fs::write(env.path("CMakeLists.txt"), "project(x)\n").unwrap();
        let before = bash(&env, cmd);
        if before.cause() == "hold" {
            wrong.push(format!("#{i} {cmd} without a hold: {}", before.reason()));
        }
        say(&env, hold);
        let out = bash(&env, cmd);
        if (out.cause() == "hold") != *covered {
            wrong.push(format!(
                "#{i} {hold:?} {cmd}: {} ({})",
                out.cause(),
                out.reason()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
