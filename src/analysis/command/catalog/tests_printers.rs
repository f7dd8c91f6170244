//! Secret printers by family (keyrings, a CLI's credential setting, jq's dialects, other
//! shells' environment spellings), process memory dumps, ad-hoc configuration management
//! and inline template/expression evaluators: what the whole command floor says.
#![allow(clippy::unwrap_used)]

use super::tests::{class, fx, table_not as table};

#[test]
fn keyrings_and_credential_settings_are_printed_secrets() {
    table(&[
        ("keyctl print %user:token", "hard"),
        ("keyctl pipe 1234", "hard"),
        ("keyctl read 1234", "hard"),
        ("keyctl show", "unknown"),
        ("keyctl list @u", "unknown"),
        ("kwallet-query -r github kdewallet", "hard"),
        ("kwallet-query --read-password github kdewallet", "hard"),
        ("kwallet-query -l kdewallet", "unknown"),
        ("kwalletcli -f Passwords -e github", "hard"),
        ("kwalletcli -f Passwords -e github -P", "unknown"),
        ("saml2aws script", "hard"),
        ("saml2aws exec -- env", "hard"),
        ("saml2aws login", "unknown"),
        ("glab config get token --host gitlab.com", "hard"),
        ("glab config get api_token", "hard"),
        ("tea config get password", "hard"),
        ("glab config get editor", "unknown"),
        ("glab config get git_protocol", "unknown"),
        ("git config --get github.token", "hard"),
        ("git config --get user.email", "routine"),
    ]);
}

/// A wrapper that runs a bare environment dump prints the environment as the dump would,
/// whatever the wrapper (a project's run command, a container's exec);
/// dotenv-style CLIs print the values of the files they manage. Their siblings that hand
/// the values to a program, or list names only, stay what they were.
#[test]
fn wrapped_environment_dumps_and_dotenv_printers_are_printed_secrets() {
    table(&[
        ("poetry run env", "hard"),
        ("uv run --with x env", "hard"),
        ("bundle exec printenv", "hard"),
        ("pixi run -e dev env", "hard"),
        ("mise exec node@20 -- env", "hard"),
        ("kubectl exec pod -- env", "hard"),
        ("docker compose run web printenv", "hard"),
        ("dotenv list", "hard"),
        ("dotenv -f config/.env get DATABASE_URL", "hard"),
        ("python-dotenv list --format=json", "hard"),
        ("teller show", "hard"),
        ("teller env", "hard"),
        ("mise env", "hard"),
        ("direnv export bash", "hard"),
        ("direnv dump", "hard"),
        ("uv run pytest", "!hard"),
        ("npm run test", "!hard"),
        ("poetry run env | cut -d= -f1", "!hard"),
        ("dotenv set DEBUG 1", "!hard"),
        ("dotenv run -- npm test", "!hard"),
        ("teller run -- npm test", "!hard"),
        ("direnv allow", "!hard"),
        ("mise ls", "!hard"),
    ]);
}

#[test]
fn jq_dialects_print_the_environment_like_jq() {
    table(&[
        ("yq -n env", "hard"),
        ("xq -n env", "hard"),
        ("tomlq -n env", "hard"),
        ("yq -n '$ENV'", "hard"),
        ("yq -n 'env | keys'", "hard"),
        ("yq -n 'strenv(AWS_SECRET_ACCESS_KEY)'", "hard"),
        ("yq -n 'env(GITHUB_TOKEN)'", "hard"),
        ("gojq -n env", "hard"),
        // One plain variable, a data file named env, a key named env: no dump.
        ("yq -n 'env(HOME)'", "unknown"),
        ("yq '.a' env.yaml", "routine"),
        ("yq -r '.env' x.yml", "routine"),
        ("tomlq -r .package.name Cargo.toml", "unknown"),
    ]);
}

#[test]
fn other_shells_environment_spellings_are_dumps() {
    table(&[
        ("nu -c '$env | to json'", "hard"),
        ("nu -c '$env.AWS_SECRET_ACCESS_KEY'", "hard"),
        ("nu -c 'print $env.HOME'", "unknown"),
        ("nu -c 'ls'", "unknown"),
        ("xonsh -c 'print(${...})'", "hard"),
        ("xonsh -c 'print($GITHUB_TOKEN)'", "hard"),
        ("xonsh -c 'print($HOME)'", "unknown"),
        ("fish -c 'set -x'", "hard"),
        ("fish -c 'set --show'", "hard"),
        ("fish -c 'set -gx'", "hard"),
        ("fish -c 'set -n'", "!hard"),
        ("fish -c 'set -x FOO bar; echo $FOO'", "!hard"),
        ("tcsh -c 'setenv'", "hard"),
        ("elvish -c 'echo $E:GITHUB_TOKEN'", "hard"),
        ("pwsh -c 'Get-ChildItem env:'", "hard"),
        ("pwsh -Command 'gci env: | ft'", "hard"),
        ("pwsh -c '$env:GITHUB_TOKEN'", "hard"),
    ]);
}

#[test]
fn process_memory_dumps_are_credential_reads() {
    table(&[
        ("gcore -o mem 1234", "hard"),
        ("gcore 1234", "hard"),
        ("criu dump -t 12 -D dump/ --shell-job", "hard"),
        ("criu pre-dump -t 12 -D dump/", "hard"),
        ("lldb -p 12 -b -o 'process save-core agent.core'", "hard"),
        ("procdump -p 12", "hard"),
        ("procdump 12", "hard"),
        ("gdb -batch -ex 'generate-core-file' -p 12", "hard"),
        ("gdb -p 12 -batch -ex gcore", "hard"),
        (
            "gdb --pid=12 --batch --eval-command='dump memory m.bin 0x1000 0x2000'",
            "hard",
        ),
        // Attached without a dump: the person names the process.
        ("gdb -p 1234", "soft"),
        ("gdb -p 1234 -batch -ex 'thread apply all bt'", "soft"),
        ("lldb --attach-pid 1234", "soft"),
        ("gdb ./app 1234", "soft"),
        ("criu check", "unknown"),
    ]);
    let f = fx();
    for cmd in [
        "gdb ./target/debug/app",
        "lldb ./target/debug/app",
        "gdb -batch -ex run ./a.out",
    ] {
        assert_eq!(class(&f, cmd).0, "unknown", "{cmd}");
    }
}

#[test]
fn ad_hoc_configuration_management_runs_code() {
    table(&[
        (
            "ansible localhost -m file -a 'path=/tmp/x state=absent'",
            "soft",
        ),
        (
            "ansible localhost -m debug -a \"msg={{ lookup('pipe','id') }}\"",
            "soft",
        ),
        ("ansible localhost -a id", "soft"),
        (
            "ansible localhost -m ansible.builtin.lineinfile -a 'path=x line=y'",
            "soft",
        ),
        ("ansible localhost -m ping", "unknown"),
        ("ansible all --list-hosts", "unknown"),
        ("ansible all -C -m command -a uptime", "unknown"),
        (
            "ansible all -C -m debug -a \"msg={{ lookup('env','HOME') }}\"",
            "soft",
        ),
        ("ansible localhost -m setup", "hard"),
        ("puppet apply -e 'notice(1)'", "soft"),
        ("puppet apply site.pp", "soft"),
        ("puppet resource file /tmp/x ensure=absent", "soft"),
        ("puppet resource user", "unknown"),
        ("salt-call --local cmd.run id", "soft"),
        ("salt-call --local test.ping", "unknown"),
    ]);
}

#[test]
fn inline_template_and_expression_evaluators_run_code() {
    table(&[
        (
            "gomplate -i '{{ env.Getenv \"AWS_SECRET_ACCESS_KEY\" }}'",
            "soft",
        ),
        ("gomplate --in='{{ file.Read \"x\" }}'", "soft"),
        (
            "nix eval --impure --expr 'builtins.getEnv \"GITHUB_TOKEN\"'",
            "soft",
        ),
        ("nix-instantiate --eval -E '1+1'", "soft"),
        ("mlr -n put 'end { print system(\"id\") }'", "soft"),
        ("mlr --icsv filter '$x > 1' data.csv", "soft"),
        ("dhall text <<< '\"${env:GITHUB_TOKEN as Text}\"'", "soft"),
        ("dhall-to-json <<< 'env:HOME as Text'", "soft"),
        ("jsonnet -e 'importstr \"/etc/passwd\"'", "soft"),
        ("pkl eval -x 'read(\"env:HOME\")' x.pkl", "soft"),
        ("mlr --icsv --opprint cat data.csv", "unknown"),
        ("dhall --file config.dhall", "unknown"),
        ("gomplate -f tpl.tmpl -o out.txt", "unknown"),
        ("jsonnet config.jsonnet", "unknown"),
    ]);
}
