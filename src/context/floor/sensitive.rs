//! The sensitive stores, as data: every place on a machine where a credential, token, key,
//! saved password or secret-bearing history lives, with what it is (the phrase a reason
//! line shows) and why it is on the list (what the owning tool keeps there, as its own
//! documentation or source says). Reading or writing any of them is a hard floor.
//!
//! This is the one reviewed file for them: the path floor ([`super::classify`]), the
//! hard-link check (through [`super::sensitive_files`]) and the network floor (the cloud
//! metadata endpoints, [`metadata_host`]) read these tables and nothing else. Locations
//! are written as the tools name them; the floor compares them folded (case, default
//! ignorable code points, the few canonical singletons that decompose to ASCII: see
//! `fold`), so every entry must be ASCII (a test checks).
//!
//! A `*` stands for exactly one path component (a pid, a user id, a profile name).
//! Home entries hold under every home directory the floor can recognise: the user's own,
//! root's (`/root`, `/var/root`) and other users' (`/home/NAME`, `/Users/NAME`).
//!
//! Checked against the tools' documentation or source (search tool, Dec 2026): AWS CLI v2,
//! gcloud, az, oci, doctl, flyctl, Vercel CLI (com.vercel.cli), Netlify CLI, firebase-tools
//! (configstore), wrangler (xdg-app-paths `.wrangler`), heroku (netrc), railway, supabase,
//! pulumi, terraform, databricks, openstack; npm, pip, poetry, cargo, RubyGems, bundler,
//! Maven, Gradle, NuGet, Composer, hex, pub; git (credential-store, credential-cache), gh,
//! glab, Docker, Podman/containers-auth.json(5), kubectl; Codex (auth.json under
//! CODEX_HOME), Gemini CLI (~/.gemini/oauth_creds.json, mcp-oauth-tokens), Claude Code
//! (.credentials.json under CLAUDE_CONFIG_DIR; primaryApiKey and MCP env in ~/.claude.json),
//! Copilot (~/.config/github-copilot/apps.json, ~/.copilot/config.json when no keychain),
//! GnuPG, pass, gopass, 1Password CLI, Bitwarden CLI, LastPass CLI, sops/age; sbt and Ivy
//! (`Credentials(Path.userHome / ".ivy2" / ".credentials")`, `~/.sbt/credentials`), the
//! CircleCI CLI (`~/.circleci/cli.yml` holds its token), the Travis CLI
//! (`~/.travis/config.yml`), Teleport (`~/.tsh/keys`), smallstep (`$STEPPATH/secrets`, the
//! CA's private keys), atuin (`~/.local/share/atuin`: its history database and sync key),
//! Docker's container records (`/var/lib/docker/containers/ID/config.v2.json`: each
//! container's `Config.Env`), Ansible (a vault password file, `ANSIBLE_VAULT_PASSWORD_FILE`,
//! by the names its docs use), Terraform state (`terraform.tfstate` and its backup hold
//! every resource's attributes, sensitive ones in plain text) and Google service-account
//! key files (JSON with `"type": "service_account"` and a `private_key`, recognised by
//! what they hold, since they are downloaded under any name).
//!
//! A survey of developer tools' home stores (Dec 2026) added, each checked against the
//! tool's source or docs (search tool; Python packages installed into /tmp and read):
//! WakaTime (`$WAKATIME_HOME/.wakatime.cfg`, wakatime-cli's README), Codeium
//! (`~/.codeium/config.json`, codeium.vim and windsurf.nvim), Windsurf's `state.vscdb`,
//! JetBrains' KeePass master key (`c.pwd`, intellij-community `mainKey.kt`), aider
//! (`~/.aider/oauth-keys.env`, aider `main.py`), llm 0.36 (`keys.json` under
//! `click.get_app_dir("io.datasette.llm")` or `LLM_USER_PATH`), shell_gpt 1.5.1
//! (`~/.config/shell_gpt/.sgptrc`), aichat (`config.yaml` clients' `api_key`), Continue
//! (`~/.continue/.env`), huggingface_hub 2.4 (`stored_tokens` beside `token`), kaggle 2.2.5
//! and kagglesdk (`~/.kaggle/{kaggle.json,access_token,credentials.json}`,
//! `$XDG_CONFIG_HOME/kaggle` on Linux, `KAGGLE_CONFIG_DIR`), the Databricks CLI
//! (`~/.databricks/token-cache.json`) and databricks-sdk 0.167
//! (`~/.config/databricks-sdk-py/oauth`), Snowflake's `connections.toml`/`config.toml`
//! (platform dirs, `SNOWFLAKE_HOME`), libpq (`.pg_service.conf`, `PGPASSFILE`,
//! `PGSERVICEFILE`), ClickHouse's client config, DuckDB (`~/.duckdb/stored_secrets`),
//! DBeaver (`workspace6/*/.dbeaver/credentials-config.json`), b2sdk 2.13
//! (`$XDG_CONFIG_HOME/b2`, `B2_ACCOUNT_INFO`), python-ovh 1.2 (`~/.ovh.conf`,
//! `/etc/ovh.conf`), Okta (`~/.okta/okta.yaml`), the Algolia, Shopify
//! (`shopify-cli-kit-nodejs/config.json`), Slack (`~/.slack/credentials.json`) and Postman
//! (`~/.postman/postmanrc`) CLIs, fastlane's spaceship cookies, altool's `private_keys`
//! directories, Tailscale (`/var/lib/tailscale`), regctl (`~/.regctl/config.json`), Helm on
//! macOS (`~/Library/Preferences/helm`), Vagrant (`~/.vagrant.d/data/vagrant_login_token`),
//! Chef, Puppet, Salt, Ansible Galaxy (`~/.ansible/galaxy_token`,
//! `ANSIBLE_GALAXY_TOKEN_PATH`), Nix (`access-tokens` in `nix.conf`, `/etc/nix/netrc`),
//! Cachix, pixi/rattler (`~/.rattler/credentials.json`, `RATTLER_AUTH_FILE`),
//! anaconda-client 1.16 (`~/.continuum/anaconda-client/tokens`, the `binstar` config dir),
//! VNC, Remmina (`remmina.pref`'s `secret`), FileZilla, PuTTY, HTTPie 3.2.4 (`sessions`,
//! `HTTPIE_CONFIG_DIR`), Insomnia, Jupyter's runtime files, Emacs' `.authinfo`, msmtp,
//! fetchmail, mbsync, Claws Mail, WeeChat, irssi, Telegram Desktop, Firefox's XDG profile
//! directory and its forks, browsers as snaps and Flatpaks, and the histories of R, Julia,
//! Scala, GHCi, less, pgcli 4.7, mycli 2.30, litecli 1.17, DuckDB, ClickHouse, usql and
//! cqlsh. Looked at and left out: Tabnine (its `tabnine_config.json` holds settings),
//! Sourcegraph Cody, Zed and the Auth0 CLI (the OS keychain), the OpenAI, Anthropic,
//! Cohere and Together SDKs and Packer (the environment only), `~/.bigqueryrc` (names a
//! key file, which is covered where it lies), `~/.condarc` (channel settings; conda's
//! tokens live in anaconda-client's token directories, above), `~/.mongoshrc.js` and
//! `~/.mongorc.js` (startup code, not a store), WinSCP (the Windows registry or
//! `WinSCP.ini`, under homes the floor does not name). A read of any dotfile at the top of
//! a home is asked about whatever the tables say (`super::outside_read`).

//!
//! A second survey (Dec 2026, after a red team read them as ordinary files), each checked
//! against the tool's docs (search tool): MCP server configs, whose servers' `env` and
//! `headers` are where API keys are written (Cursor `~/.cursor/mcp.json`, Windsurf
//! `~/.codeium/windsurf/mcp_config.json`, Claude Desktop `claude_desktop_config.json`, VS
//! Code and its forks' `User/mcp.json`, Cline's `cline_mcp_settings.json` and Roo Code's
//! `mcp_settings.json` in extension storage, Continue's `mcpServers/`, Kiro, LM Studio,
//! Amp), agent CLIs' own configs with provider
//! keys (Crush `~/.config/crush/crush.json` and its data directory, opencode, Goose);
//! registries: JFrog (`JFROG_CLI_HOME_DIR`, default `~/.jfrog`), cabal (`username` and
//! `password` in `~/.cabal/config` or its XDG place), stack's `upload/credentials.json`,
//! pnpm's global `rc`, `auth.ini` and `config.yaml` (`$XDG_CONFIG_HOME/pnpm`,
//! `~/Library/Preferences/pnpm`; pnpm.io "pnpm config", "Authentication Settings"), Yarn
//! 1's `.yarnrc`, Bun's `.bunfig.toml`, uv, PDM, Hatch, Julia's Pkg servers, PlatformIO,
//! Conan, Leiningen, sbt's global `credentials.sbt`; mail and chat: aerc's
//! `accounts.conf` (aerc-accounts(5): "must be kept secret, as it may include your account
//! credentials"), himalaya, meli, mutt and NeoMutt, OfflineIMAP, getmail, vdirsyncer,
//! Pidgin's `accounts.xml`, HexChat's `servlist.conf`, senpai. Left out: an editor's whole
//! settings file (Zed's `settings.json`, whose `context_servers` may carry env, like
//! Claude Code's `settings.json` `env`): edited by hand and by agents for everything
//! else, it stays an ordinary read.

/// One sensitive location.
pub struct Store {
    /// Where: relative to a home directory (in [`HOME`]) or absolute (in [`ABS`]); the
    /// location itself and everything under it.
    pub at: &'static str,
    /// What it is, for the reason line ("AWS credentials").
    pub what: &'static str,
    /// Why it is listed: what the tool keeps there.
    pub why: &'static str,
}

const fn s(at: &'static str, what: &'static str, why: &'static str) -> Store {
    Store { at, what, why }
}

/// Relative to any home directory.
pub const HOME: &[Store] = &[
    // Agent CLIs.
    s(".codex/auth.json", "Codex's login token", "Codex stores its ChatGPT login or API key in $CODEX_HOME/auth.json"),
    s(".gemini/oauth_creds.json", "Gemini CLI's login token", "Gemini CLI's Google OAuth access and refresh tokens, plain JSON"),
    s(".gemini/mcp-oauth-tokens.json", "Gemini CLI's MCP server tokens", "OAuth tokens Gemini CLI keeps for MCP servers"),
    s(".gemini/mcp-oauth-tokens-v2.json", "Gemini CLI's MCP server tokens", "OAuth tokens Gemini CLI keeps for MCP servers (v2 store)"),
    s(".gemini/.env", "Gemini CLI's API keys", "Gemini CLI loads GEMINI_API_KEY and friends from ~/.gemini/.env"),
    s(".claude/.credentials.json", "Claude Code's login token", "Claude Code's OAuth tokens on Linux and Windows (0600 file)"),
    s(".claude.json", "Claude Code's user config with its API key", "holds primaryApiKey after a console login, and the env (often API keys) of MCP servers added with claude mcp add -e"),
    s(".claude.json.backup", "Claude Code's user config with its API key", "a copy of ~/.claude.json"),
    s(".config/github-copilot", "GitHub Copilot's token", "apps.json and hosts.json hold the Copilot editors' GitHub OAuth token"),
    s(".copilot/config.json", "Copilot CLI's token", "Copilot CLI keeps its token in plain text here when no keychain is available"),
    s(".config/cursor/auth.json", "Cursor CLI's login token", "cursor-agent's access and refresh tokens"),
    s(".config/Cursor/User/globalStorage/state.vscdb", "Cursor's login token", "Cursor keeps cursorAuth access and refresh tokens in this database"),
    s("Library/Application Support/Cursor/User/globalStorage/state.vscdb", "Cursor's login token", "Cursor keeps cursorAuth access and refresh tokens in this database (macOS)"),
    s(".config/Code/User/globalStorage/state.vscdb", "VS Code's stored secrets", "VS Code keeps extensions' secrets (SecretStorage: GitHub, Microsoft and Copilot logins, API keys) in this database, encrypted with a fixed key when no OS keyring is found (Electron's BASIC_TEXT backend on Linux)"),
    s(".config/Code/User/globalStorage/state.vscdb.backup", "VS Code's stored secrets", "VS Code keeps extensions' secrets (SecretStorage: GitHub, Microsoft and Copilot logins, API keys) in this database, encrypted with a fixed key when no OS keyring is found (Electron's BASIC_TEXT backend on Linux)"),
    s(".config/Code - Insiders/User/globalStorage/state.vscdb", "VS Code Insiders' stored secrets", "VS Code keeps extensions' secrets (SecretStorage: GitHub, Microsoft and Copilot logins, API keys) in this database, encrypted with a fixed key when no OS keyring is found (Electron's BASIC_TEXT backend on Linux)"),
    s(".config/Code - Insiders/User/globalStorage/state.vscdb.backup", "VS Code Insiders' stored secrets", "VS Code keeps extensions' secrets (SecretStorage: GitHub, Microsoft and Copilot logins, API keys) in this database, encrypted with a fixed key when no OS keyring is found (Electron's BASIC_TEXT backend on Linux)"),
    s(".config/VSCodium/User/globalStorage/state.vscdb", "VSCodium's stored secrets", "VS Code keeps extensions' secrets (SecretStorage: GitHub, Microsoft and Copilot logins, API keys) in this database, encrypted with a fixed key when no OS keyring is found (Electron's BASIC_TEXT backend on Linux)"),
    s(".config/VSCodium/User/globalStorage/state.vscdb.backup", "VSCodium's stored secrets", "VS Code keeps extensions' secrets (SecretStorage: GitHub, Microsoft and Copilot logins, API keys) in this database, encrypted with a fixed key when no OS keyring is found (Electron's BASIC_TEXT backend on Linux)"),
    s(".vscode-server/data/User/globalStorage/state.vscdb", "VS Code server's stored secrets", "VS Code keeps extensions' secrets (SecretStorage: GitHub, Microsoft and Copilot logins, API keys) in this database, encrypted with a fixed key when no OS keyring is found (Electron's BASIC_TEXT backend on Linux)"),
    s(".vscode-server/data/User/globalStorage/state.vscdb.backup", "VS Code server's stored secrets", "VS Code keeps extensions' secrets (SecretStorage: GitHub, Microsoft and Copilot logins, API keys) in this database, encrypted with a fixed key when no OS keyring is found (Electron's BASIC_TEXT backend on Linux)"),
    s(".local/share/opencode/auth.json", "opencode's provider keys", "opencode auth login stores provider API keys and tokens here"),
    s(".qwen/oauth_creds.json", "Qwen Code's login token", "Qwen Code's OAuth tokens (a Gemini CLI fork)"),
    s(".aider.conf.yml", "aider's config with API keys", "aider reads openai-api-key / anthropic-api-key / api-key from it"),
    s(".aider/oauth-keys.env", "aider's API keys", "aider saves the key of an OpenRouter OAuth login here and loads it as an env file at start"),
    s(".config/io.datasette.llm/keys.json", "llm's API keys", "llm keys set stores every provider key in keys.json under click's app dir ($LLM_USER_PATH)"),
    s("Library/Application Support/io.datasette.llm/keys.json", "llm's API keys", "llm keys set stores every provider key here (macOS)"),
    s(".config/shell_gpt/.sgptrc", "shell_gpt's API key", "sgpt asks for OPENAI_API_KEY on first run and writes it into .sgptrc"),
    s(".config/aichat/config.yaml", "aichat's config with API keys", "aichat's clients entries carry api_key values"),
    s("Library/Application Support/aichat/config.yaml", "aichat's config with API keys", "aichat's clients entries carry api_key values (macOS)"),
    s(".continue/.env", "Continue's secrets", "Continue resolves ${{ secrets.NAME }} in its config from ~/.continue/.env"),
    s(".codeium/config.json", "Codeium's API key", "the Codeium/Windsurf Vim, Neovim and Emacs plugins save api_key here after :Codeium Auth"),
    s(".local/share/.codeium/config.json", "Codeium's API key", "codeium.vim's api_key under $XDG_DATA_HOME"),
    s(".config/Windsurf/User/globalStorage/state.vscdb", "Windsurf's login token", "Windsurf (a VS Code fork) keeps windsurfAuthStatus with its apiKey in this database"),
    s("Library/Application Support/Windsurf/User/globalStorage/state.vscdb", "Windsurf's login token", "Windsurf keeps windsurfAuthStatus with its apiKey in this database (macOS)"),
    s(".wakatime.cfg", "WakaTime API key", "every WakaTime editor plugin and wakatime-cli share $WAKATIME_HOME/.wakatime.cfg, whose [settings] api_key is the account's key"),
    s(".config/JetBrains/*/c.pwd", "JetBrains' credential store key", "the master key of the IDE's KeePass credential store (c.kdbx beside it) when passwords are kept in KeePass"),
    s(".config/JetBrains/*/pdb.pwd", "JetBrains' credential store key", "the older name of the IDE's KeePass master key file"),
    s("Library/Application Support/JetBrains/*/c.pwd", "JetBrains' credential store key", "the master key of the IDE's KeePass credential store (macOS)"),
    s(".continue/config.json", "Continue's config with API keys", "Continue's model entries carry apiKey values"),
    s(".continue/config.yaml", "Continue's config with API keys", "Continue's model entries carry apiKey values"),
    s(".cache/huggingface/token", "Hugging Face token", "huggingface-cli login writes the access token here (HF_HOME/token)"),
    s(".cache/huggingface/stored_tokens", "Hugging Face tokens", "hf auth login keeps every saved token by name in stored_tokens beside token"),
    s(".huggingface/token", "Hugging Face token", "older huggingface_hub token location"),
    s(".kaggle", "Kaggle API key", "kaggle.json (username and key), access_token and the OAuth credentials.json of the Kaggle CLI and kagglesdk"),
    s(".config/kaggle/kaggle.json", "Kaggle API key", "the Kaggle CLI's username and key under XDG_CONFIG_HOME when ~/.kaggle does not exist (Linux)"),
    s(".android/adbkey", "Android debug bridge key", "the private key adb authenticates to devices with"),
    s(".ollama/id_ed25519", "Ollama's private key", "the key Ollama signs registry pushes with"),
    s(".modal.toml", "Modal token", "modal token new writes token_id and token_secret here"),
    // MCP server configs: each server's `env` (and an HTTP server's `headers`) is where
    // its API keys are written, as with `~/.claude.json`'s MCP servers.
    s(".cursor/mcp.json", "Cursor's MCP servers with their API keys", "Cursor's global MCP config: each server's env and headers carry API keys"),
    s(".codeium/windsurf/mcp_config.json", "Windsurf's MCP servers with their API keys", "Windsurf's MCP config: each server's env carries API keys"),
    s(".config/Claude/claude_desktop_config.json", "Claude Desktop's MCP servers with their API keys", "Claude Desktop's mcpServers entries carry API keys in env (Linux)"),
    s("Library/Application Support/Claude/claude_desktop_config.json", "Claude Desktop's MCP servers with their API keys", "Claude Desktop's mcpServers entries carry API keys in env (macOS)"),
    s(".config/*/User/mcp.json", "an editor's MCP servers with their API keys", "VS Code and its forks keep user MCP servers (env, headers, inputs) in User/mcp.json"),
    s("Library/Application Support/*/User/mcp.json", "an editor's MCP servers with their API keys", "VS Code and its forks keep user MCP servers in User/mcp.json (macOS)"),
    s(".vscode-server/data/User/mcp.json", "VS Code server's MCP servers with their API keys", "VS Code keeps user MCP servers (env, headers) in User/mcp.json"),
    s(".config/*/User/globalStorage/*/settings/cline_mcp_settings.json", "Cline's MCP servers with their API keys", "Cline keeps MCP servers' env in its extension storage"),
    s(".config/*/User/globalStorage/*/settings/mcp_settings.json", "Roo Code's MCP servers with their API keys", "Roo Code keeps MCP servers' env in its extension storage"),
    s("Library/Application Support/*/User/globalStorage/*/settings/cline_mcp_settings.json", "Cline's MCP servers with their API keys", "Cline keeps MCP servers' env in its extension storage (macOS)"),
    s("Library/Application Support/*/User/globalStorage/*/settings/mcp_settings.json", "Roo Code's MCP servers with their API keys", "Roo Code keeps MCP servers' env in its extension storage (macOS)"),
    s(".vscode-server/data/User/globalStorage/*/settings/cline_mcp_settings.json", "Cline's MCP servers with their API keys", "Cline keeps MCP servers' env in its extension storage"),
    s(".continue/mcpServers", "Continue's MCP servers with their API keys", "Continue's per-server YAML files carry env and secrets"),
    s(".kiro/settings/mcp.json", "Kiro's MCP servers with their API keys", "Kiro's user MCP config: each server's env carries API keys"),
    s(".lmstudio/mcp.json", "LM Studio's MCP servers with their API keys", "LM Studio's MCP config (Cursor's format): servers' env carries API keys"),
    s(".config/crush", "Crush's provider keys and MCP servers", "crush.json holds providers' api_key and MCP servers' env and headers; the data directory's crush.json the keys it was given"),
    s(".local/share/crush", "Crush's provider keys", "Crush writes the provider API keys it is given into its data directory's crush.json"),
    s(".config/opencode/opencode.json", "opencode's config with provider keys", "provider options' apiKey and MCP servers' environment"),
    s(".config/goose", "Goose's config and secrets", "config.yaml's extensions carry env; secrets.yaml holds keys when no keyring is used"),
    s(".config/amp/settings.json", "Amp's settings with MCP servers' env", "amp.mcpServers entries carry env with API keys"),
    s(".local/share/amp/secrets.json", "Amp's API key", "Amp keeps its API key here"),
    // git and forges.
    s(".git-credentials", "git stored credentials", "git credential-store's default file: passwords and tokens in plain text"),
    s(".config/git/credentials", "git stored credentials", "git credential-store's XDG file ($XDG_CONFIG_HOME/git/credentials)"),
    s(".cache/git/credential", "git's credential cache", "git credential-cache's socket; a client of it prints cached passwords"),
    s(".git-credential-cache", "git's credential cache", "git credential-cache's socket (older location)"),
    s(".config/gh", "GitHub CLI credentials", "hosts.yml holds gh's OAuth token when no keyring is used"),
    s(".config/hub", "GitHub hub credentials", "hub's OAuth token"),
    s(".config/glab-cli", "GitLab CLI credentials", "config.yml holds glab's tokens"),
    s(".config/hut", "SourceHut CLI credentials", "hut's config holds the sr.ht access-token of each instance"),
    s(".config/coderv2/session", "Coder's session token", "coder login keeps the session token in this plain file on Linux (`coder login token` prints it)"),
    s(".config/tea", "Gitea CLI credentials", "config.yml holds tea's tokens"),
    s(".netrc", "netrc login credentials", "logins and passwords for curl, git, ftp, heroku, wandb"),
    s("_netrc", "netrc login credentials", "the Windows spelling of .netrc, read by curl and git"),
    s(".authinfo", "netrc-style login credentials", "Emacs auth-source's plain file (machine, login, password), used by Gnus, Magit forge and TRAMP"),
    s(".authinfo.gpg", "netrc-style login credentials", "Emacs auth-source's encrypted file of logins and passwords"),
    // SSH lives in `.ssh` (see `super::ssh_public`): handled by name.
    // Containers and clusters.
    s(".docker/config.json", "Docker registry credentials", "auths holds base64 user:password per registry ($DOCKER_CONFIG/config.json)"),
    s(".dockercfg", "Docker registry credentials", "the legacy Docker credentials file"),
    s(".config/containers/auth.json", "container registry credentials", "containers-auth.json(5): podman, buildah, skopeo logins"),
    s(".kube", "Kubernetes credentials", "kubeconfig files carry bearer tokens and client keys"),
    s(".minikube", "minikube cluster keys", "client and CA keys of local clusters"),
    s(".talos", "Talos cluster credentials", "talosconfig carries client keys"),
    s(".config/helm/registry", "Helm registry credentials", "helm registry login stores credentials here"),
    s(".config/helm/repositories.yaml", "Helm repository credentials", "repository entries may hold username and password"),
    s("Library/Preferences/helm/registry", "Helm registry credentials", "helm registry login stores credentials here (macOS)"),
    s("Library/Preferences/helm/repositories.yaml", "Helm repository credentials", "repository entries may hold username and password (macOS)"),
    s(".regctl/config.json", "container registry credentials", "regctl registry login stores each host's user and password or token here"),
    // Clouds.
    s(".aws", "AWS credentials", "credentials, config and the SSO token cache (sso/cache, cli/cache)"),
    s(".config/gcloud", "Google Cloud credentials", "credentials.db, access_tokens.db, legacy_credentials and application_default_credentials.json"),
    s(".azure", "Azure credentials", "msal_token_cache.json and service principal entries"),
    s(".oci", "Oracle Cloud credentials", "config and the API signing key"),
    s(".config/doctl", "DigitalOcean token", "doctl's config.yaml holds access tokens"),
    s("Library/Application Support/doctl", "DigitalOcean token", "doctl's config.yaml on macOS"),
    s(".fly", "Fly.io token", "flyctl's config.yml holds the access token"),
    s(".local/share/com.vercel.cli", "Vercel token", "the Vercel CLI's auth.json (Linux)"),
    s("Library/Application Support/com.vercel.cli", "Vercel token", "the Vercel CLI's auth.json (macOS)"),
    s(".vercel/auth.json", "Vercel token", "older Vercel CLI token location"),
    s(".now/auth.json", "Vercel token", "the Vercel CLI's token when it was now"),
    s(".netlify/config.json", "Netlify token", "older Netlify CLI token location"),
    s(".config/netlify/config.json", "Netlify token", "the Netlify CLI's users and tokens (Linux)"),
    s("Library/Preferences/netlify/config.json", "Netlify token", "the Netlify CLI's users and tokens (macOS)"),
    s(".config/configstore/firebase-tools.json", "Firebase token", "firebase login's refresh token (configstore)"),
    s(".wrangler/config", "Cloudflare token", "wrangler's oauth_token and api_token (legacy ~/.wrangler)"),
    s(".config/.wrangler/config", "Cloudflare token", "wrangler's oauth_token and api_token (xdg-app-paths config)"),
    s("Library/Preferences/.wrangler/config", "Cloudflare token", "wrangler's oauth_token and api_token (macOS)"),
    s(".cloudflared", "Cloudflare tunnel credentials", "cert.pem and tunnel credential JSON files"),
    s(".config/heroku", "Heroku credentials", "the Heroku CLI's config (its token lives in .netrc)"),
    s(".config/railway", "Railway token", "the Railway CLI's config"),
    s(".railway/config.json", "Railway token", "the Railway CLI's user token"),
    s(".supabase/access-token", "Supabase token", "supabase login writes the access token here"),
    s(".pulumi/credentials.json", "Pulumi token", "pulumi login's access tokens"),
    s(".terraform.d/credentials.tfrc.json", "Terraform Cloud token", "terraform login writes API tokens here"),
    s(".terraformrc", "Terraform CLI config with tokens", "credentials blocks carry API tokens"),
    s(".databrickscfg", "Databricks token", "profiles with host and token"),
    s(".databricks/token-cache.json", "Databricks OAuth tokens", "databricks auth login caches U2M access and refresh tokens here"),
    s(".config/databricks-sdk-py/oauth", "Databricks OAuth tokens", "the Databricks Python SDK's OAuth token cache, one JSON per host"),
    s(".config/openstack", "OpenStack credentials", "clouds.yaml and secure.yaml with passwords"),
    s(".config/linode-cli", "Linode token", "linode-cli's token"),
    s(".config/hcloud", "Hetzner Cloud token", "hcloud's cli.toml holds tokens"),
    s(".config/scw", "Scaleway credentials", "config.yaml holds the secret key"),
    s(".vultr-cli.yaml", "Vultr API key", "vultr-cli's api-key"),
    s(".aliyun", "Alibaba Cloud credentials", "config.json holds access keys"),
    s(".bluemix", "IBM Cloud credentials", "the ibmcloud CLI's tokens"),
    s(".tccli", "Tencent Cloud credentials", "tccli's secret keys"),
    s(".config/exoscale", "Exoscale credentials", "exo's API key and secret"),
    s(".ovh.conf", "OVHcloud API credentials", "python-ovh and the OVH CLIs read application_secret and consumer_key from ~/.ovh.conf"),
    s(".config/b2", "Backblaze B2 credentials", "the b2 CLI's account_info database (application key and auth token) under XDG_CONFIG_HOME"),
    s(".okta/okta.yaml", "Okta API token", "okta-cli and the Okta SDKs read okta.client.token from it"),
    s(".config/algolia/config.toml", "Algolia API keys", "the Algolia CLI's profiles with application ID and admin API key"),
    s(".config/shopify-cli-kit-nodejs/config.json", "Shopify CLI session", "the Shopify CLI's sessionStore: access and refresh tokens"),
    s("Library/Preferences/shopify-cli-kit-nodejs/config.json", "Shopify CLI session", "the Shopify CLI's sessionStore: access and refresh tokens (macOS)"),
    s(".slack/credentials.json", "Slack CLI tokens", "slack login stores each workspace's tokens here"),
    s(".postman/postmanrc", "Postman CLI token", "postman login keeps the access token and API key here"),
    s(".fastlane/spaceship", "Apple developer session", "fastlane's spaceship keeps the App Store Connect session cookie per account"),
    s(".appstoreconnect/private_keys", "App Store Connect API keys", "altool and xcrun look up AuthKey_ID.p8 private keys here"),
    s(".private_keys", "App Store Connect API keys", "altool looks up AuthKey_ID.p8 private keys here"),
    s("private_keys", "App Store Connect API keys", "altool looks up AuthKey_ID.p8 private keys here"),
    s(".civo.json", "Civo API key", "the Civo CLI's API keys"),
    s(".config/ngrok", "ngrok authtoken", "ngrok.yml holds the authtoken"),
    s("Library/Application Support/ngrok", "ngrok authtoken", "ngrok.yml holds the authtoken (macOS)"),
    s(".ngrok2", "ngrok authtoken", "older ngrok.yml location"),
    s(".snowflake", "Snowflake credentials", "connections.toml with passwords and keys"),
    s(".snowsql", "Snowflake credentials", "snowsql's config with passwords"),
    s(".config/snowflake/connections.toml", "Snowflake credentials", "connections with passwords and keys when ~/.snowflake does not exist (Linux)"),
    s(".config/snowflake/config.toml", "Snowflake credentials", "the connector's config.toml may hold [connections] with passwords (Linux)"),
    s("Library/Application Support/snowflake/connections.toml", "Snowflake credentials", "connections with passwords and keys (macOS)"),
    s("Library/Application Support/snowflake/config.toml", "Snowflake credentials", "the connector's config.toml may hold [connections] with passwords (macOS)"),
    s(".dbt/profiles.yml", "dbt warehouse credentials", "profiles hold warehouse passwords and keys"),
    s(".doppler", "Doppler token", "the Doppler CLI's tokens"),
    s(".vault-token", "HashiCorp Vault token", "vault login writes the token here"),
    s(".config/rclone/rclone.conf", "rclone remote credentials", "remote definitions with keys and tokens"),
    s(".s3cfg", "S3 credentials", "s3cmd's access and secret keys"),
    s(".boto", "cloud storage credentials", "boto and gsutil keys"),
    s(".mc/config.json", "MinIO credentials", "mc's aliases with access and secret keys"),
    s(".mcli/config.json", "MinIO credentials", "mc's aliases with access and secret keys, where the client is packaged as mcli"),
    s(".b2_account_info", "Backblaze B2 credentials", "the b2 CLI's account authorisation"),
    s(".sentryclirc", "Sentry token", "sentry-cli's auth token"),
    s("src-config.json", "Sourcegraph src CLI's access token", "src reads {\"endpoint\", \"accessToken\"} from $HOME/src-config.json (src-cli's README, -config's default)"),
    s(".circleci/cli.yml", "CircleCI token", "circleci setup writes the API token here"),
    s(".travis/config.yml", "Travis CI token", "the travis CLI's access tokens per endpoint"),
    s(".config/stripe", "Stripe keys", "the Stripe CLI's config.toml holds API keys"),
    s(".twilio-cli", "Twilio credentials", "the Twilio CLI's API keys"),
    s(".expo/state.json", "Expo session", "the Expo CLI's session secret"),
    s(".vagrant.d/data/vagrant_login_token", "Vagrant Cloud token", "vagrant login stores the token here"),
    s(".chef", "Chef credentials", "knife's credentials file and the client and validator private keys (USER.pem)"),
    s(".puppetlabs/etc/puppet/ssl/private_keys", "Puppet agent keys", "a non-root puppet agent's private key"),
    s(".puppetlabs/token", "Puppet Enterprise token", "puppet access login writes the RBAC token here"),
    s(".config/cachix/cachix.dhall", "Cachix token", "cachix authtoken stores authToken here"),
    s(".config/nix/nix.conf", "Nix config with access tokens", "the access-tokens setting holds GitHub and GitLab tokens for fetchers"),
    s(".rattler/credentials.json", "conda channel credentials", "pixi and rattler store channel tokens here when no keyring is available"),
    s(".continuum/anaconda-client/tokens", "anaconda.org tokens", "anaconda login and conda read binstar tokens from here"),
    s(".config/binstar", "anaconda.org tokens", "anaconda-client's user_config_dir, where its tokens live (Linux)"),
    s("Library/Application Support/binstar", "anaconda.org tokens", "anaconda-client's user_config_dir, where its tokens live (macOS)"),
    s(".ansible/galaxy_token", "Ansible Galaxy token", "ansible-galaxy's token file (GALAXY_TOKEN_PATH)"),
    s(".ansible_galaxy", "Ansible Galaxy token", "the older Galaxy token file"),
    // Remote desktops, file transfer, HTTP clients.
    s(".vnc/passwd", "VNC password", "vncpasswd writes the (reversibly obfuscated) VNC password here"),
    s(".config/remmina/remmina.pref", "Remmina's key", "secret= decrypts the passwords in Remmina's connection files"),
    s(".remmina", "Remmina connections", "connection profiles with encrypted passwords, and remmina.pref with their key (older location)"),
    s(".local/share/remmina", "Remmina connections", "connection profiles with encrypted passwords"),
    s(".config/filezilla/sitemanager.xml", "FileZilla saved passwords", "saved sites with base64 passwords"),
    s(".config/filezilla/recentservers.xml", "FileZilla saved passwords", "recent servers with base64 passwords"),
    s(".filezilla/sitemanager.xml", "FileZilla saved passwords", "saved sites with base64 passwords (older location)"),
    s(".filezilla/recentservers.xml", "FileZilla saved passwords", "recent servers with base64 passwords (older location)"),
    s(".putty/sessions", "PuTTY sessions", "saved sessions carry proxy passwords in plain text"),
    s(".config/httpie/sessions", "HTTPie sessions", "named sessions persist auth credentials and cookies"),
    s(".httpie/sessions", "HTTPie sessions", "named sessions persist auth credentials and cookies (legacy directory)"),
    s(".config/Insomnia/insomnia.Environment.db", "Insomnia environments", "environment variables (tokens and keys) of Insomnia's workspaces"),
    s(".config/Insomnia/insomnia.OAuth2Token.db", "Insomnia OAuth tokens", "access and refresh tokens Insomnia obtained"),
    s(".config/Insomnia/insomnia.Request.db", "Insomnia requests", "saved requests with their authentication"),
    s("Library/Application Support/Insomnia/insomnia.Environment.db", "Insomnia environments", "environment variables (tokens and keys) of Insomnia's workspaces (macOS)"),
    s("Library/Application Support/Insomnia/insomnia.OAuth2Token.db", "Insomnia OAuth tokens", "access and refresh tokens Insomnia obtained (macOS)"),
    s("Library/Application Support/Insomnia/insomnia.Request.db", "Insomnia requests", "saved requests with their authentication (macOS)"),
    s(".local/share/jupyter/runtime", "Jupyter server tokens", "jpserver-*.json holds each running server's token; kernel-*.json the HMAC key that lets a client run code in the kernel"),
    s("Library/Jupyter/runtime", "Jupyter server tokens", "running servers' tokens and kernels' HMAC keys (macOS)"),
    // Mail and chat.
    s(".msmtprc", "mail password", "msmtp's account password"),
    s(".config/msmtp/config", "mail password", "msmtp's account password (XDG)"),
    s(".fetchmailrc", "mail password", "fetchmail's poll entries with passwords"),
    s(".mbsyncrc", "mail password", "mbsync's IMAP accounts (Pass)"),
    s(".config/isyncrc", "mail password", "mbsync's IMAP accounts (Pass, XDG)"),
    s(".claws-mail/passwordstorerc", "Claws Mail passwords", "Claws Mail's saved account passwords"),
    s(".config/weechat/sec.conf", "WeeChat secured data", "passwords WeeChat keeps for servers and SASL"),
    s(".weechat/sec.conf", "WeeChat secured data", "passwords WeeChat keeps for servers and SASL (older location)"),
    s(".irssi/config", "irssi passwords", "sasl_password and server passwords"),
    s(".config/aerc/accounts.conf", "aerc mail passwords", "aerc-accounts(5): source and outgoing URLs carry the account's password; the file must be kept secret"),
    s(".config/himalaya", "himalaya mail passwords", "config.toml's backend auth may hold raw passwords"),
    s(".config/meli/config.toml", "meli mail passwords", "server_password entries"),
    s(".muttrc", "mutt mail passwords", "set imap_pass / smtp_pass / smtp_url with a password"),
    s(".mutt", "mutt mail passwords", "muttrc and its sourced files with imap_pass and smtp_pass"),
    s(".config/mutt", "mutt mail passwords", "muttrc with imap_pass and smtp_pass (XDG)"),
    s(".neomuttrc", "NeoMutt mail passwords", "set imap_pass / smtp_pass"),
    s(".config/neomutt", "NeoMutt mail passwords", "neomuttrc with imap_pass and smtp_pass (XDG)"),
    s(".offlineimaprc", "OfflineIMAP passwords", "remotepass entries"),
    s(".config/offlineimap", "OfflineIMAP passwords", "remotepass entries (XDG)"),
    s(".getmail", "getmail passwords", "getmailrc's password entries"),
    s(".config/getmail", "getmail passwords", "getmailrc's password entries (XDG)"),
    s(".config/vdirsyncer/config", "vdirsyncer passwords", "CalDAV and CardDAV storage passwords"),
    s(".purple/accounts.xml", "Pidgin passwords", "libpurple keeps account passwords in plain text here"),
    s(".config/hexchat/servlist.conf", "HexChat passwords", "server, SASL and NickServ passwords"),
    s(".config/senpai/senpai.scfg", "senpai IRC password", "the IRC account's password"),
    s(".local/share/TelegramDesktop/tdata", "Telegram session", "Telegram Desktop's session keys: whoever has tdata is logged in"),
    s(".var/app/org.telegram.desktop/data/TelegramDesktop/tdata", "Telegram session", "Telegram Desktop's session keys (Flatpak)"),
    s("Library/Application Support/Telegram Desktop/tdata", "Telegram session", "Telegram Desktop's session keys (macOS)"),
    // Databases.
    s(".pgpass", "PostgreSQL passwords", "libpq's password file"),
    s(".my.cnf", "MySQL credentials", "the [client] section may hold password="),
    s(".mylogin.cnf", "MySQL credentials", "mysql_config_editor's obfuscated login paths"),
    s(".pg_service.conf", "PostgreSQL service passwords", "libpq's connection service file may hold password= per service"),
    s(".clickhouse-client/config.xml", "ClickHouse credentials", "clickhouse-client's user and password"),
    s(".duckdb/stored_secrets", "DuckDB secrets", "CREATE PERSISTENT SECRET writes S3, GCS, Azure and other keys here unencrypted"),
    s(".local/share/DBeaverData/workspace6/*/.dbeaver/credentials-config.json", "DBeaver saved passwords", "connection users and passwords, encrypted with a key built into DBeaver"),
    s("Library/DBeaverData/workspace6/*/.dbeaver/credentials-config.json", "DBeaver saved passwords", "connection users and passwords, encrypted with a key built into DBeaver (macOS)"),
    // Package registries.
    s(".npmrc", "npm auth token", "_authToken lines for registries"),
    s(".yarnrc.yml", "Yarn registry token", "npmAuthToken in the user's Yarn config"),
    s(".pypirc", "PyPI upload credentials", "passwords or API tokens for twine"),
    s(".config/pip/pip.conf", "pip index credentials", "index-url may carry a user and password"),
    s(".pip/pip.conf", "pip index credentials", "index-url may carry a user and password (legacy)"),
    s(".config/pypoetry/auth.toml", "Poetry repository credentials", "Poetry's http-basic credentials when no keyring"),
    s("Library/Application Support/pypoetry/auth.toml", "Poetry repository credentials", "Poetry's credentials (macOS)"),
    s(".cargo/credentials", "crates.io token", "cargo login's token (old name)"),
    s(".cargo/credentials.toml", "crates.io token", "cargo login's token ($CARGO_HOME/credentials.toml)"),
    s(".gem/credentials", "RubyGems API key", "gem push's API keys"),
    s(".local/share/gem/credentials", "RubyGems API key", "gem push's API keys (XDG)"),
    s(".bundle/config", "Bundler credentials", "BUNDLE_<HOST> entries carry registry credentials"),
    s(".m2/settings.xml", "Maven server credentials", "<server> entries with passwords"),
    s(".ivy2/.credentials", "Ivy and sbt repository credentials", "realm, host, user and password sbt publishes and resolves with"),
    s(".sbt/credentials", "sbt repository credentials", "realm, host, user and password sbt publishes and resolves with"),
    s(".sbt/.credentials", "sbt repository credentials", "realm, host, user and password sbt publishes and resolves with"),
    s(".m2/settings-security.xml", "Maven master password", "the master password that decrypts settings.xml"),
    s(".gradle/gradle.properties", "Gradle credentials", "repository and signing passwords ($GRADLE_USER_HOME)"),
    s(".nuget/NuGet/NuGet.Config", "NuGet credentials", "packageSourceCredentials with passwords"),
    s(".config/NuGet/NuGet.Config", "NuGet credentials", "packageSourceCredentials with passwords (XDG)"),
    s(".composer/auth.json", "Composer credentials", "http-basic and github-oauth tokens"),
    s(".config/composer/auth.json", "Composer credentials", "http-basic and github-oauth tokens (XDG)"),
    s(".hex/hex.config", "Hex API key", "mix hex.user auth's key"),
    s(".config/dart/pub-credentials.json", "pub.dev credentials", "dart pub's OAuth tokens"),
    s(".pub-cache/credentials.json", "pub.dev credentials", "dart pub's OAuth tokens (older)"),
    s(".jfrog", "JFrog credentials", "jfrog-cli.conf holds server tokens"),
    s(".config/jfrog", "JFrog credentials", "jfrog-cli.conf.v6 holds server tokens (JFROG_CLI_HOME_DIR pointed at the XDG place)"),
    s(".cabal/config", "Hackage credentials", "cabal upload reads username and password (or password-command) from the user config"),
    s(".config/cabal/config", "Hackage credentials", "cabal's user config under XDG (cabal 3.10): username and password for upload"),
    s(".stack/upload", "Hackage credentials", "stack upload saves the Hackage username and password in upload/credentials.json"),
    s(".config/pnpm/rc", "pnpm registry tokens", "pnpm's global rc: npm-style _authToken lines (Linux, $XDG_CONFIG_HOME/pnpm/rc)"),
    s(".config/pnpm/auth.ini", "pnpm registry tokens", "pnpm 11's login tokens"),
    s(".config/pnpm/config.yaml", "pnpm registry tokens", "pnpm 12.1's global config with the structured _auth of pnpm login"),
    s("Library/Preferences/pnpm", "pnpm registry tokens", "pnpm's global rc, auth.ini and config.yaml (macOS)"),
    s(".yarnrc", "Yarn registry token", "Yarn 1's user config may carry _authToken lines"),
    s(".bunfig.toml", "Bun registry token", "bun's global config: [install.scopes] and registry entries carry tokens"),
    s(".config/uv/uv.toml", "uv index credentials", "index URLs may carry a user and password"),
    s(".local/share/uv/credentials", "uv index credentials", "uv auth login stores index credentials here when no keyring is used"),
    s(".config/pdm", "PDM repository credentials", "config.toml's repository entries carry username and password"),
    s(".config/hatch/config.toml", "Hatch publish credentials", "publish.index auth (a PyPI token) in Hatch's config"),
    s(".julia/servers", "Julia package server token", "Pkg keeps each server's auth.toml (access and refresh tokens) here"),
    s(".platformio/appstate.json", "PlatformIO account tokens", "pio account login keeps the access and refresh tokens here"),
    s(".conan/.conan.db", "Conan remote tokens", "Conan 1 keeps remotes' users and tokens in this database"),
    s(".conan2/credentials.json", "Conan remote credentials", "Conan 2's users and passwords for remotes"),
    s(".lein/credentials.clj.gpg", "Leiningen repository credentials", "repository passwords for deploy"),
    s(".lein/profiles.clj", "Leiningen profiles with credentials", "repository entries may carry username and password"),
    s(".sbt/1.0/credentials.sbt", "sbt repository credentials", "credentials += Credentials(realm, host, user, password)"),
    // GPG and password managers.
    s(".gnupg", "GnuPG keys", "private keys (private-keys-v1.d) and trust ($GNUPGHOME)"),
    s(".password-store", "pass password store", "pass's encrypted passwords ($PASSWORD_STORE_DIR)"),
    s(".local/share/gopass", "gopass password store", "gopass stores"),
    s(".config/op", "1Password CLI session", "op's config and session"),
    s(".op", "1Password CLI session", "op's older config directory"),
    s(".config/1Password", "1Password data", "the 1Password app's data"),
    s("Library/Group Containers/2BUA8C4S2C.com.1password", "1Password data", "the 1Password app's data (macOS)"),
    s(".config/Bitwarden", "Bitwarden data", "the Bitwarden app's vault data"),
    s(".config/Bitwarden CLI", "Bitwarden CLI vault", "bw's data.json (encrypted vault and session keys)"),
    s("Library/Application Support/Bitwarden", "Bitwarden data", "the Bitwarden app's vault data (macOS)"),
    s("Library/Application Support/Bitwarden CLI", "Bitwarden CLI vault", "bw's data.json (macOS)"),
    s(".lpass", "LastPass CLI vault", "lpass's cached vault"),
    s(".local/share/lpass", "LastPass CLI vault", "lpass's cached vault (XDG)"),
    s(".config/lpass", "LastPass CLI vault", "lpass's config and cached vault"),
    s(".config/sops/age/keys.txt", "age keys for sops", "sops decrypts with these age identities"),
    s(".age", "age keys", "age identities (age-keygen -o ~/.age/key.txt, the place guides use)"),
    s(".ansible/vault_pass", "an Ansible vault password", "the vault password file ansible-playbook --vault-password-file reads"),
    s(".ansible/vault_pass.txt", "an Ansible vault password", "the vault password file ansible-playbook --vault-password-file reads"),
    s(".ansible/vault-pass", "an Ansible vault password", "the vault password file ansible-playbook --vault-password-file reads"),
    s(".ansible/.vault_pass", "an Ansible vault password", "the vault password file ansible-playbook --vault-password-file reads"),
    s(".vault_pass", "an Ansible vault password", "the vault password file ansible-playbook --vault-password-file reads"),
    s(".vault_pass.txt", "an Ansible vault password", "the vault password file ansible-playbook --vault-password-file reads"),
    s(".vault-pass", "an Ansible vault password", "the vault password file ansible-playbook --vault-password-file reads"),
    s(".vault_password", "an Ansible vault password", "the vault password file ansible-playbook --vault-password-file reads"),
    s(".ansible_vault_pass", "an Ansible vault password", "the vault password file ansible-playbook --vault-password-file reads"),
    s(".tsh/keys", "Teleport keys", "tsh keeps the user's private keys and signed certificates per proxy here"),
    s(".step/secrets", "smallstep CA keys", "step ca init writes the root and intermediate private keys here ($STEPPATH/secrets)"),
    s("Library/Application Support/sops/age/keys.txt", "age keys for sops", "sops decrypts with these age identities (macOS)"),
    // Keychains and keyrings.
    s(".local/share/keyrings", "desktop keyring", "GNOME Keyring's stores"),
    s(".local/share/kwalletd", "KDE wallet", "KWallet's stores"),
    s(".kde/share/apps/kwallet", "KDE wallet", "KWallet's stores (KDE 4)"),
    s("Library/Keychains", "macOS keychain", "the login keychain's saved passwords and keys"),
    // Browser profiles: saved passwords, cookies and session tokens.
    s(".mozilla", "Firefox profiles", "logins.json, key4.db, cookies.sqlite"),
    s("snap/firefox", "Firefox profiles", "Firefox as a snap keeps its profile here"),
    s(".var/app/org.mozilla.firefox", "Firefox profiles", "Firefox as a Flatpak keeps its profile here"),
    s("Library/Application Support/Firefox", "Firefox profiles", "Firefox profiles (macOS)"),
    s(".config/mozilla", "Firefox profiles", "Firefox's XDG profile directory ($XDG_CONFIG_HOME/mozilla/firefox)"),
    s(".librewolf", "LibreWolf profiles", "logins.json, key4.db, cookies.sqlite"),
    s(".waterfox", "Waterfox profiles", "logins.json, key4.db, cookies.sqlite"),
    s(".zen", "Zen Browser profiles", "logins.json, key4.db, cookies.sqlite"),
    s(".floorp", "Floorp profiles", "logins.json, key4.db, cookies.sqlite"),
    s("snap/thunderbird", "Thunderbird profiles", "Thunderbird as a snap"),
    s(".var/app/org.mozilla.Thunderbird", "Thunderbird profiles", "Thunderbird as a Flatpak"),
    s(".thunderbird", "Thunderbird profiles", "saved mail passwords"),
    s("Library/Thunderbird", "Thunderbird profiles", "saved mail passwords (macOS)"),
    s(".config/google-chrome", "Chrome profiles", "Login Data, Cookies, session tokens"),
    s(".config/google-chrome-beta", "Chrome profiles", "Login Data, Cookies, session tokens"),
    s(".config/chromium", "Chromium profiles", "Login Data, Cookies, session tokens"),
    s("snap/chromium", "Chromium profiles", "Chromium as a snap"),
    s(".config/BraveSoftware", "Brave profiles", "Login Data, Cookies, session tokens"),
    s(".config/microsoft-edge", "Edge profiles", "Login Data, Cookies, session tokens"),
    s(".config/vivaldi", "Vivaldi profiles", "Login Data, Cookies, session tokens"),
    s(".config/opera", "Opera profiles", "Login Data, Cookies, session tokens"),
    s(".config/google-chrome-unstable", "Chrome profiles", "Login Data, Cookies, session tokens"),
    s(".config/vivaldi-snapshot", "Vivaldi profiles", "Login Data, Cookies, session tokens"),
    s(".config/yandex-browser", "Yandex Browser profiles", "Login Data, Cookies, session tokens"),
    s("snap/brave", "Brave profiles", "Brave as a snap"),
    s(".var/app/com.google.Chrome", "Chrome profiles", "Chrome as a Flatpak"),
    s(".var/app/org.chromium.Chromium", "Chromium profiles", "Chromium as a Flatpak"),
    s(".var/app/com.brave.Browser", "Brave profiles", "Brave as a Flatpak"),
    s(".var/app/com.microsoft.Edge", "Edge profiles", "Edge as a Flatpak"),
    s("Library/Application Support/Vivaldi", "Vivaldi profiles", "Login Data, Cookies (macOS)"),
    s("Library/Application Support/com.operasoftware.Opera", "Opera profiles", "Login Data, Cookies (macOS)"),
    s("Library/Application Support/Google/Chrome", "Chrome profiles", "Login Data, Cookies (macOS)"),
    s("Library/Application Support/Chromium", "Chromium profiles", "Login Data, Cookies (macOS)"),
    s("Library/Application Support/BraveSoftware", "Brave profiles", "Login Data, Cookies (macOS)"),
    s("Library/Application Support/Microsoft Edge", "Edge profiles", "Login Data, Cookies (macOS)"),
    s("Library/Application Support/Arc", "Arc profiles", "Login Data, Cookies (macOS)"),
    s("Library/Safari", "Safari data", "history, form values, tokens in local storage"),
    s("Library/Cookies", "macOS cookies", "Cookies.binarycookies: session tokens"),
    s("Library/Containers/com.apple.Safari", "Safari data", "Safari's sandboxed data"),
    // Electron apps (Slack, Discord, Teams, Notion, …) are Chromium inside: their login
    // sessions live in the same stores under their own config directory.
    s(".config/*/Cookies", "an app's browser cookies", "Electron apps (Slack, Discord, Teams) keep their login session cookies in Chromium's Cookies database"),
    s(".config/*/Network/Cookies", "an app's browser cookies", "newer Chromium and Electron keep the Cookies database under Network/"),
    s(".config/*/Local Storage", "an app's local storage", "Electron apps keep tokens in Chromium's Local Storage (Discord's login token lives here)"),
    s(".config/Signal", "Signal's messages and key", "config.json holds the key to Signal Desktop's encrypted database"),
    s("Library/Application Support/*/Cookies", "an app's browser cookies", "Electron apps' session cookies (macOS)"),
    s("Library/Application Support/*/Network/Cookies", "an app's browser cookies", "Electron apps' session cookies under Network/ (macOS)"),
    s("Library/Application Support/*/Local Storage", "an app's local storage", "Electron apps' tokens in Chromium's Local Storage (macOS)"),
    // Shell and REPL histories: commands typed with tokens and passwords in them.
    s(".bash_history", "shell history", "commands typed with tokens in them (export TOKEN=…)"),
    s(".zsh_history", "shell history", "commands typed with tokens in them"),
    s(".zhistory", "shell history", "zsh's history under another name"),
    s(".histfile", "shell history", "zsh's history under another name"),
    s(".sh_history", "shell history", "ksh and sh history"),
    s(".history", "shell history", "csh/tcsh history"),
    s(".local/share/fish/fish_history", "shell history", "fish's history"),
    s(".local/share/atuin", "shell history", "atuin's history.db (every command typed, with its tokens) and its sync key"),
    s(".config/fish/fish_history", "shell history", "fish's older history location"),
    s(".python_history", "Python REPL history", "lines typed at the Python prompt"),
    s(".node_repl_history", "Node REPL history", "lines typed at the Node prompt"),
    s(".psql_history", "psql history", "SQL typed at psql, passwords included"),
    s(".mysql_history", "MySQL client history", "SQL typed at mysql, passwords included"),
    s(".sqlite_history", "SQLite shell history", "lines typed at sqlite3"),
    s(".rediscli_history", "redis-cli history", "AUTH commands with passwords"),
    s(".irb_history", "Ruby REPL history", "lines typed at irb"),
    s(".pry_history", "Ruby REPL history", "lines typed at pry"),
    s(".dbshell", "MongoDB shell history", "the legacy mongo shell's history"),
    s(".mongodb/mongosh", "MongoDB shell history", "mongosh's history and config"),
    s(".ipython/profile_default/history.sqlite", "IPython history", "lines typed at IPython"),
    s(".ipython/*/history.sqlite", "IPython history", "lines typed at IPython (any profile)"),
    s(".zsh_sessions", "shell history", "macOS Terminal's per-session zsh histories"),
    s(".bash_sessions", "shell history", "macOS Terminal's per-session bash histories"),
    s(".Rhistory", "R history", "lines typed at the R prompt"),
    s(".lesshst", "less history", "searches and shell commands typed in less"),
    s(".scala_history", "Scala REPL history", "lines typed at the Scala REPL"),
    s(".julia/logs/repl_history.jl", "Julia REPL history", "lines typed at the Julia prompt"),
    s(".ghc/ghci_history", "GHCi history", "lines typed at GHCi"),
    s(".duckdb_history", "DuckDB shell history", "SQL typed at duckdb, CREATE SECRET with its keys included"),
    s(".clickhouse-client-history", "ClickHouse client history", "SQL typed at clickhouse-client, passwords included"),
    s(".config/pgcli/history", "pgcli history", "SQL typed at pgcli, passwords included"),
    s(".mycli-history", "mycli history", "SQL typed at mycli, passwords included"),
    s(".config/litecli/history", "litecli history", "lines typed at litecli"),
    s(".usql_history", "usql history", "SQL typed at usql, passwords included"),
    s(".cassandra/cqlsh_history", "cqlsh history", "CQL typed at cqlsh, passwords included"),
];

/// Directories in a home where tools keep code, packages and caches rather than tokens:
/// reads under them are ordinary (the stores that do live in some of them — cargo's
/// credentials, Gradle's properties, `.claude/.credentials.json` — are listed above and
/// stay credentials). Any other dot-directory or dotfile at the top of a home is not known
/// to be free of tokens, and reads there are asked about (see `super::outside_read`).
pub const HOME_READABLE: &[(&str, &str)] = &[
    (
        ".cargo",
        "cargo's registry sources, git checkouts and installed binaries",
    ),
    (
        ".rustup",
        "Rust toolchains and the standard library's sources",
    ),
    (".npm", "npm's package cache and logs"),
    (".nvm", "Node versions installed by nvm"),
    (".volta", "Node toolchains installed by Volta"),
    (".bun", "Bun's install and cache"),
    (".deno", "Deno's cache"),
    (".yarn", "Yarn's cache and releases"),
    (".pyenv", "Python versions installed by pyenv"),
    (".rbenv", "Ruby versions installed by rbenv"),
    (".rvm", "Ruby versions installed by rvm"),
    (".gem", "installed Ruby gems"),
    (".bundle", "Bundler's cache"),
    (".m2", "Maven's local repository"),
    (".gradle", "Gradle's caches and wrapper distributions"),
    (".nuget", "NuGet's package cache"),
    (".ivy2", "Ivy's cache"),
    (".sbt", "sbt's boot and cache"),
    (".conda", "conda environments"),
    (".julia", "Julia packages"),
    (".ghcup", "Haskell toolchains"),
    (".stack", "Stack's snapshots"),
    (".cabal", "Cabal's store"),
    (".opam", "OCaml switches"),
    (".sdkman", "JVM toolchains installed by SDKMAN"),
    (".asdf", "toolchains installed by asdf"),
    (".elan", "Lean toolchains"),
    (".mix", "Elixir's archives"),
    (".hex", "Hex's package cache"),
    (".pub-cache", "Dart and Flutter packages"),
    (".dotnet", ".NET tools and SDKs"),
    (".platformio", "PlatformIO toolchains"),
    (".arduino15", "Arduino cores"),
    (".espressif", "ESP-IDF toolchains"),
    (".swiftpm", "SwiftPM's caches"),
    (".vscode", "VS Code extensions"),
    (".vscode-server", "VS Code server extensions"),
    (".cursor", "Cursor's extensions and rules"),
    (
        ".claude",
        "Claude Code's skills, plugins, agents, memory and task output",
    ),
    (".codex", "Codex's config, rules and sessions"),
    (".gemini", "Gemini CLI's settings and extensions"),
    (".copilot", "Copilot CLI's config and sessions"),
    (".oh-my-zsh", "oh-my-zsh's plugins and themes"),
    (".vim", "Vim plugins"),
    (".emacs.d", "Emacs packages"),
    (".tmux", "tmux plugins"),
    (
        ".config",
        "applications' config: `.config/APP/…` is ordinary unless APP keeps a store listed above",
    ),
    (
        ".local",
        "installed programs and application data: `.local/share/APP/…` as for `.config`",
    ),
    (".cache", "caches: `.cache/APP/…` as for `.config`"),
    (
        "Library/Developer",
        "Xcode's data, simulators and caches (macOS)",
    ),
    ("Library/Caches", "application caches (macOS)"),
    ("Library/Logs", "application logs (macOS)"),
    ("Library/Android", "the Android SDK (macOS)"),
];

/// Agents' records of past sessions, relative to a home: every prompt the person typed
/// (tokens and passwords pasted in), every tool result (secrets read once with the
/// person's approval), copies of files before each edit. Reading one outside the
/// workspace is not ordinary (`super::outside_read`): it launders what the floor guards
/// at its source. A `*` is one component; a last component `*.jsonl` is any name with
/// that ending. Claude Code's auto memory (`projects/*/memory`) and the running session's
/// own transcript, subagents and tool results (`projects/*/SESSION…`) are not records: the
/// agent saw them or is told to read them. Layouts as red-team round 13b documented them
/// from each tool's docs (not re-checked against the tools here):
/// Claude Code (`history.jsonl`, `projects/<slug>/<session>.jsonl` and its `subagents`
/// and `tool-results`, `file-history`, `paste-cache`), Codex (`history.jsonl`,
/// `sessions/YYYY/MM/DD/rollout-*.jsonl`, `archived_sessions`), Gemini CLI and Qwen Code
/// (`tmp/<project hash>/`: `logs.json`, `shell_history`, chats and checkpoints), Goose
/// (`sessions`), Copilot CLI (`session-state`, `history-session-state`), Continue
/// (`sessions`, `dev_data`), opencode (`storage`), Cursor CLI (`chats`), Cline and Roo
/// Code (extension storage `tasks/<id>/api_conversation_history.json`), llm (`logs.db`).
pub const AGENT_RECORDS: &[(&str, &str)] = &[
    (".claude/history.jsonl", "Claude Code's prompt history"),
    (
        ".claude/projects/*/*.jsonl",
        "a Claude Code session transcript",
    ),
    (
        ".claude/projects/*/*/subagents",
        "Claude Code subagent transcripts",
    ),
    (
        ".claude/projects/*/*/tool-results",
        "another Claude Code session's tool results",
    ),
    (
        ".claude/file-history",
        "Claude Code's copies of files before its edits",
    ),
    (".claude/paste-cache", "text pasted into Claude Code"),
    (".claude/transcripts", "Claude Code session transcripts"),
    (".codex/history.jsonl", "Codex's prompt history"),
    (".codex/sessions", "Codex session transcripts"),
    (".codex/archived_sessions", "Codex session transcripts"),
    (
        ".gemini/tmp",
        "Gemini CLI's session logs, chats and shell history",
    ),
    (
        ".qwen/tmp",
        "Qwen Code's session logs, chats and shell history",
    ),
    (".local/share/goose/sessions", "Goose session transcripts"),
    (".config/goose/sessions", "Goose session transcripts"),
    (".copilot/session-state", "Copilot CLI session transcripts"),
    (
        ".copilot/history-session-state",
        "Copilot CLI session transcripts",
    ),
    (".continue/sessions", "Continue session transcripts"),
    (".continue/dev_data", "Continue's recorded interactions"),
    (
        ".local/share/opencode/storage",
        "opencode session transcripts",
    ),
    (".cursor/chats", "Cursor CLI chat transcripts"),
    (
        ".config/*/User/globalStorage/saoudrizwan.claude-dev/tasks",
        "Cline task transcripts",
    ),
    (
        ".config/*/User/globalStorage/rooveterinaryinc.roo-cline/tasks",
        "Roo Code task transcripts",
    ),
    (
        "Library/Application Support/*/User/globalStorage/saoudrizwan.claude-dev/tasks",
        "Cline task transcripts",
    ),
    (
        "AppData/Roaming/*/User/globalStorage/saoudrizwan.claude-dev/tasks",
        "Cline task transcripts",
    ),
    (
        ".config/io.datasette.llm/logs.db",
        "llm's log of every prompt and response",
    ),
    (
        "Library/Application Support/io.datasette.llm/logs.db",
        "llm's log of every prompt and response",
    ),
];

/// Agents' records kept beside a project, by name, wherever they are: aider's chat and
/// input histories (`.aider.chat.history.md`, `.aider.input.history`,
/// `.aider.llm.history`, aider's `--*-history-file` defaults).
pub const AGENT_RECORD_NAMES: &[&str] = &[
    ".aider.chat.history.md",
    ".aider.input.history",
    ".aider.llm.history",
];

/// Words in a path component below a home that say the file records what was typed,
/// copied or shown (a recorder): shell and REPL histories wherever a setting or XDG puts
/// them (`$ZDOTDIR/.zsh_history`, `~/.local/state/bash/history`, PSReadLine's
/// `ConsoleHost_history.txt`, Nushell, xonsh, McFly, zsh-histdb, hiSHtory), Neovim's
/// ShaDa (registers, command and search history), terminal scrollback (tmux-resurrect's
/// `pane_contents`, Warp's `warp.sqlite` of command blocks), clipboard managers (clipman,
/// greenclip, cliphist, Klipper, GPaste, CopyQ, Maccy, Alfred's `clipboard.alfdb`) and
/// editors' local history (VS Code's `User/History`: a copy of every file saved). A read
/// of such a file outside the workspace is not ordinary, unless it lies in a tree of code
/// and packages ([`HOME_READABLE`] but the data trees) or is source or documentation by
/// its extension ([`RECORDER_CODE_EXTENSIONS`]: `IPython/core/history.py`).
pub const RECORDER_WORDS: &[&str] = &[
    "history",
    "histfile",
    "histdb",
    "hishtory",
    "_hist",
    "shada",
    "scrollback",
    "resurrect",
    "pane_contents",
    "warp-terminal",
    "clip",
    "copyq",
    "gpaste",
    "maccy",
];

/// Extensions of source and documentation files: a file so named is code or prose (a
/// changelog `HISTORY.md`, a module `history.rs`), never a recorder's store.
pub const RECORDER_CODE_EXTENSIONS: &[&str] = &[
    "rs", "py", "pyi", "js", "mjs", "cjs", "ts", "mts", "cts", "tsx", "jsx", "go", "rb", "java",
    "kt", "c", "h", "cc", "cpp", "hpp", "cs", "swift", "m", "php", "lua", "vim", "el", "ex", "exs",
    "erl", "hs", "ml", "scala", "clj", "dart", "md", "rst", "adoc", "html", "css", "scss", "vue",
    "svelte", "map", "sh", "bash", "zsh", "fish", "ps1", "psm1",
];

/// System configuration that holds a service's live password, key or token, absolute:
/// a read is not ordinary (asked about; in auto mode grounded in the person's words), as a
/// file a person may well mean to read while setting the service up. Listed for each
/// package: Debian's MySQL maintenance account
/// (`debian.cnf`), sssd and nslcd LDAP bind passwords, Grafana's `admin_password` and
/// `secret_key`, borgmatic's passphrase, ddclient, msmtp, sSMTP and Postfix SASL
/// passwords, Redis `requirepass`, `pam_ldap`'s `ldap.secret`, GitLab's
/// `gitlab-secrets.json` and `initial_root_password`, Jenkins' `credentials.xml` and
/// `secrets`, ZeroTier's `identity.secret`, cloud-init's user-data (passwords and keys
/// handed to the instance), the Azure agent's `ovf-env.xml`, Icinga/Nagios' `resource.cfg`,
/// Samba's `secrets.tdb`, and the Erlang cookie (`.erlang.cookie`: whoever holds it runs
/// code on every node of the cluster; RabbitMQ's, CouchDB's). Locations as red-team round
/// 13b found them in the packages' docs (not re-checked against the packages here).
pub const SYSTEM_SECRET_CONFIG: &[(&str, &str)] = &[
    ("/etc/mysql/debian.cnf", "MySQL's maintenance password"),
    ("/etc/sssd", "sssd's LDAP bind password"),
    ("/etc/nslcd.conf", "nslcd's LDAP bind password"),
    ("/etc/ldap.secret", "pam_ldap's root bind password"),
    ("/etc/pam_ldap.secret", "pam_ldap's root bind password"),
    ("/etc/libnss-ldap.secret", "nss_ldap's root bind password"),
    (
        "/etc/grafana/grafana.ini",
        "Grafana's admin password and secret key",
    ),
    ("/etc/borgmatic", "borgmatic's repository passphrase"),
    ("/etc/borgmatic.d", "borgmatic's repository passphrase"),
    ("/etc/ddclient.conf", "ddclient's dynamic DNS password"),
    ("/etc/ddclient", "ddclient's dynamic DNS password"),
    ("/etc/msmtprc", "msmtp's mail password"),
    ("/etc/ssmtp", "sSMTP's mail password"),
    ("/etc/postfix/sasl_passwd", "Postfix's SASL relay password"),
    (
        "/etc/postfix/sasl_passwd.db",
        "Postfix's SASL relay password",
    ),
    ("/etc/redis", "Redis's requirepass and ACL passwords"),
    ("/etc/gitlab", "GitLab's secrets and initial root password"),
    (
        "/etc/icinga2/conf.d/api-users.conf",
        "Icinga's API passwords",
    ),
    ("/etc/nagios/resource.cfg", "Nagios' secret macros"),
    (
        "/etc/cloud/cloud.cfg.d",
        "cloud-init settings with passwords and keys",
    ),
    (
        "/var/lib/cloud",
        "cloud-init's user-data (passwords and keys handed to the instance)",
    ),
    (
        "/var/lib/waagent",
        "the Azure agent's provisioning data (passwords, keys)",
    ),
    ("/var/lib/jenkins", "Jenkins' credentials and secrets"),
    ("/var/lib/zerotier-one", "ZeroTier's node identity key"),
    ("/var/lib/samba/private", "Samba's secrets"),
];

/// Files named for a secret by a service, wherever they are: the Erlang distribution
/// cookie.
pub const SYSTEM_SECRET_NAMES: &[&str] = &[".erlang.cookie"];

/// Trees under `/var/lib` known to hold no service's secrets (package managers'
/// databases and caches): reads there are ordinary. Anything else under `/var/lib` is a
/// service's state (databases, keys, tokens) and is not.
pub const VAR_LIB_READABLE: &[&str] = &[
    "/var/lib/dpkg",
    "/var/lib/apt",
    "/var/lib/pacman",
    "/var/lib/rpm",
    "/var/lib/dnf",
    "/var/lib/yum",
    "/var/lib/flatpak",
    "/var/lib/snapd/snaps",
    "/var/lib/ucf",
    "/var/lib/dpkg-divert",
    "/var/lib/python",
    "/var/lib/gems",
    "/var/lib/nix",
];

/// Trees of the system where a file that others may not read is private (a service's
/// config kept `0600`/`0640` because it holds a password: sssd refuses any other mode,
/// debian.cnf and msmtprc ship so): a read of one is not ordinary. Scratch space is not
/// here (`mktemp` makes every file `0600`).
pub const PRIVATE_BY_MODE: &[&str] = &["/etc", "/var/lib", "/srv", "/opt", "/usr/local/etc"];

/// Windows profiles as a Unix-like shell mounts them (folded): WSL's `/mnt/c/Users/NAME`,
/// MSYS2 and Git Bash's `/c/Users/NAME`, Cygwin's `/cygdrive/c/Users/NAME`. Each is a home:
/// the tables hold under it, and its `AppData` is asked about as macOS's `Library` is.
pub const WINDOWS_PROFILES: &[&str] = &["/mnt/*/users/*", "/cygdrive/*/users/*", "/*/users/*"];

/// Words in a file name that say it holds a secret: a read of such a file outside the
/// workspace is asked about, wherever it is.
pub const SECRET_NAME_WORDS: &[&str] = &[
    "token",
    "secret",
    "credential",
    "passw",
    "apikey",
    "api_key",
    "api-key",
    "private",
    "cookie",
    "oauth",
    "netrc",
    "keyring",
    "keychain",
];

/// Files whose names carry a secret word ([`SECRET_NAME_WORDS`]) but that hold none: the
/// account database `/etc/passwd` is readable by every user (passwd(5); the hashes are in
/// `/etc/shadow`, listed above).
pub const PUBLIC_DESPITE_NAME: &[&str] = &["/etc/passwd"];

/// Absolute locations.
pub const ABS: &[Store] = &[
    s("/etc/shadow", "system password hashes", "the hashed passwords of every account"),
    s("/etc/shadow-", "system password hashes", "the backup of /etc/shadow"),
    s("/etc/gshadow", "system group password hashes", "group passwords"),
    s("/etc/gshadow-", "system group password hashes", "the backup of /etc/gshadow"),
    s("/etc/security/opasswd", "old password hashes", "pam_pwhistory's previous passwords"),
    s("/etc/master.passwd", "system password hashes", "BSD and macOS's shadow file"),
    s("/etc/ssl/private", "TLS private keys", "the system's service keys"),
    s("/etc/letsencrypt", "TLS private keys", "certbot's live/archive private keys and ACME account keys"),
    s("/etc/krb5.keytab", "Kerberos keys", "the host's service keys"),
    s("/etc/NetworkManager/system-connections", "network passwords", "Wi-Fi and VPN secrets"),
    s("/etc/wireguard", "WireGuard keys", "private keys of tunnels"),
    s("/etc/ipsec.secrets", "IPsec secrets", "pre-shared keys"),
    s("/etc/ppp/chap-secrets", "PPP secrets", "CHAP passwords"),
    s("/etc/ppp/pap-secrets", "PPP secrets", "PAP passwords"),
    s("/etc/kubernetes", "Kubernetes cluster credentials", "admin.conf and the cluster's pki keys"),
    s("/etc/rancher/k3s/k3s.yaml", "k3s cluster credentials", "the admin kubeconfig of k3s"),
    s("/var/lib/rancher/k3s/server", "k3s cluster credentials", "the server token and keys"),
    s("/var/lib/kubelet/pki", "kubelet keys", "the node's client keys"),
    s("/etc/gitlab-runner/config.toml", "GitLab runner token", "runner authentication tokens"),
    s("/etc/openstack", "OpenStack credentials", "system-wide clouds.yaml"),
    s("/etc/ovh.conf", "OVHcloud API credentials", "python-ovh's system-wide application_secret and consumer_key"),
    s("/var/lib/tailscale", "Tailscale node keys", "tailscaled.state holds the node's private keys and login"),
    s("/etc/salt/pki", "Salt keys", "the Salt master's and minions' private keys"),
    s("/etc/puppetlabs/puppet/ssl/private_keys", "Puppet agent keys", "the agent's private key"),
    s("/etc/puppetlabs/puppetserver/ca", "Puppet CA keys", "the Puppet CA's private key"),
    s("/etc/chef/client.pem", "Chef client key", "the node's Chef client key"),
    s("/etc/chef/validation.pem", "Chef validator key", "the organisation's validator key"),
    s("/etc/nix/netrc", "Nix netrc credentials", "netrc-file's default: logins for binary caches"),
    s("/var/run/secrets", "mounted secrets", "Kubernetes service-account tokens (kubernetes.io/serviceaccount/token, eks.amazonaws.com/…) and Docker secrets"),
    s("/run/secrets", "mounted secrets", "Docker and Kubernetes secrets mounted into the container"),
    s("/run/credentials", "systemd credentials", "service credentials ($CREDENTIALS_DIRECTORY)"),
    s("/run/user/*/containers/auth.json", "container registry credentials", "podman's default auth file ($XDG_RUNTIME_DIR/containers/auth.json)"),
    s("/var/run/user/*/containers/auth.json", "container registry credentials", "podman's default auth file through /var/run"),
    s("/var/lib/docker/containers/*/config.v2.json", "a container's environment", "Docker's record of a container: Config.Env holds every -e and --env-file value"),
    s("/var/lib/containers/storage/overlay-containers/*/userdata/config.json", "a container's environment", "podman's OCI spec of a container: process.env holds its environment"),
    s("/proc/*/environ", "another process's environment", "every variable of a running process: API keys, tokens"),
    s("/proc/*/task/*/environ", "another process's environment", "a thread's view of a process's environment"),
    s("/proc/*/mem", "another process's memory", "the memory of a running process (the agent's own tokens)"),
    s("/proc/*/task/*/mem", "another process's memory", "a thread's view of a process's memory"),
    s("/proc/kcore", "the kernel's memory", "physical memory"),
    s("/dev/mem", "the machine's memory", "physical memory"),
    s("/dev/kmem", "the kernel's memory", "kernel memory"),
    s("/Library/Keychains", "macOS system keychain", "the System keychain's saved passwords and keys"),
    s("/private/var/db/SystemKey", "macOS system keychain key", "unlocks the System keychain"),
];

/// A store whose place an environment variable chooses, read from the same variable the
/// tool reads: `$VAR/sub` (an empty `sub` is the value itself).
pub struct Moved {
    pub var: &'static str,
    pub sub: &'static str,
    pub what: &'static str,
    /// The value is a `:`-separated list of paths (`KUBECONFIG`).
    pub list: bool,
}

const fn m(var: &'static str, sub: &'static str, what: &'static str) -> Moved {
    Moved {
        var,
        sub,
        what,
        list: false,
    }
}

/// Stores moved by the environment (the default places above stay on the floor whatever
/// the variables say).
pub const MOVED: &[Moved] = &[
    m(
        "CODEX_HOME",
        "auth.json",
        "Codex's login token (CODEX_HOME)",
    ),
    m(
        "CLAUDE_CONFIG_DIR",
        ".credentials.json",
        "Claude Code's login token (CLAUDE_CONFIG_DIR)",
    ),
    m(
        "CLAUDE_CONFIG_DIR",
        ".claude.json",
        "Claude Code's user config with its API key (CLAUDE_CONFIG_DIR)",
    ),
    m(
        "GEMINI_CLI_HOME",
        ".gemini/oauth_creds.json",
        "Gemini CLI's login token (GEMINI_CLI_HOME)",
    ),
    m(
        "GEMINI_CLI_HOME",
        ".gemini/mcp-oauth-tokens.json",
        "Gemini CLI's MCP server tokens (GEMINI_CLI_HOME)",
    ),
    m(
        "GEMINI_CLI_HOME",
        ".gemini/mcp-oauth-tokens-v2.json",
        "Gemini CLI's MCP server tokens (GEMINI_CLI_HOME)",
    ),
    m(
        "GEMINI_CLI_HOME",
        ".gemini/.env",
        "Gemini CLI's API keys (GEMINI_CLI_HOME)",
    ),
    m("HF_HOME", "token", "Hugging Face token (HF_HOME)"),
    m("HF_HOME", "stored_tokens", "Hugging Face tokens (HF_HOME)"),
    m(
        "WAKATIME_HOME",
        ".wakatime.cfg",
        "WakaTime API key (WAKATIME_HOME)",
    ),
    m(
        "LLM_USER_PATH",
        "keys.json",
        "llm's API keys (LLM_USER_PATH)",
    ),
    m(
        "KAGGLE_CONFIG_DIR",
        "kaggle.json",
        "Kaggle API key (KAGGLE_CONFIG_DIR)",
    ),
    m(
        "SNOWFLAKE_HOME",
        "connections.toml",
        "Snowflake credentials (SNOWFLAKE_HOME)",
    ),
    m(
        "SNOWFLAKE_HOME",
        "config.toml",
        "Snowflake credentials (SNOWFLAKE_HOME)",
    ),
    m(
        "DBT_PROFILES_DIR",
        "profiles.yml",
        "dbt warehouse credentials (DBT_PROFILES_DIR)",
    ),
    m("PGPASSFILE", "", "PostgreSQL passwords (PGPASSFILE)"),
    m(
        "PGSERVICEFILE",
        "",
        "PostgreSQL service passwords (PGSERVICEFILE)",
    ),
    m(
        "B2_ACCOUNT_INFO",
        "",
        "Backblaze B2 credentials (B2_ACCOUNT_INFO)",
    ),
    m(
        "RATTLER_AUTH_FILE",
        "",
        "conda channel credentials (RATTLER_AUTH_FILE)",
    ),
    m(
        "ANSIBLE_GALAXY_TOKEN_PATH",
        "",
        "Ansible Galaxy token (ANSIBLE_GALAXY_TOKEN_PATH)",
    ),
    m(
        "HTTPIE_CONFIG_DIR",
        "sessions",
        "HTTPie sessions (HTTPIE_CONFIG_DIR)",
    ),
    m(
        "JUPYTER_RUNTIME_DIR",
        "",
        "Jupyter server tokens (JUPYTER_RUNTIME_DIR)",
    ),
    m("HF_TOKEN_PATH", "", "Hugging Face token (HF_TOKEN_PATH)"),
    m(
        "DOCKER_CONFIG",
        "config.json",
        "Docker registry credentials (DOCKER_CONFIG)",
    ),
    m(
        "REGISTRY_AUTH_FILE",
        "",
        "container registry credentials (REGISTRY_AUTH_FILE)",
    ),
    m(
        "XDG_RUNTIME_DIR",
        "containers/auth.json",
        "container registry credentials (XDG_RUNTIME_DIR)",
    ),
    Moved {
        var: "KUBECONFIG",
        sub: "",
        what: "Kubernetes credentials (KUBECONFIG)",
        list: true,
    },
    m(
        "AWS_SHARED_CREDENTIALS_FILE",
        "",
        "AWS credentials (AWS_SHARED_CREDENTIALS_FILE)",
    ),
    m("AWS_CONFIG_FILE", "", "AWS config (AWS_CONFIG_FILE)"),
    m(
        "CLOUDSDK_CONFIG",
        "",
        "Google Cloud credentials (CLOUDSDK_CONFIG)",
    ),
    m(
        "GOOGLE_APPLICATION_CREDENTIALS",
        "",
        "a Google service-account key (GOOGLE_APPLICATION_CREDENTIALS)",
    ),
    m(
        "AZURE_CONFIG_DIR",
        "",
        "Azure credentials (AZURE_CONFIG_DIR)",
    ),
    m(
        "OCI_CLI_CONFIG_FILE",
        "",
        "Oracle Cloud config (OCI_CLI_CONFIG_FILE)",
    ),
    m("GNUPGHOME", "", "GnuPG keys (GNUPGHOME)"),
    m(
        "PASSWORD_STORE_DIR",
        "",
        "pass password store (PASSWORD_STORE_DIR)",
    ),
    m(
        "SOPS_AGE_KEY_FILE",
        "",
        "age keys for sops (SOPS_AGE_KEY_FILE)",
    ),
    m(
        "CARGO_HOME",
        "credentials.toml",
        "crates.io token (CARGO_HOME)",
    ),
    m("CARGO_HOME", "credentials", "crates.io token (CARGO_HOME)"),
    m(
        "GRADLE_USER_HOME",
        "gradle.properties",
        "Gradle credentials (GRADLE_USER_HOME)",
    ),
    m(
        "COMPOSER_HOME",
        "auth.json",
        "Composer credentials (COMPOSER_HOME)",
    ),
    m(
        "NPM_CONFIG_USERCONFIG",
        "",
        "npm auth token (NPM_CONFIG_USERCONFIG)",
    ),
    m(
        "TF_CLI_CONFIG_FILE",
        "",
        "Terraform CLI config with tokens (TF_CLI_CONFIG_FILE)",
    ),
    m(
        "PULUMI_HOME",
        "credentials.json",
        "Pulumi token (PULUMI_HOME)",
    ),
    m("VAULT_TOKEN_FILE", "", "HashiCorp Vault token"),
    m(
        "ANSIBLE_VAULT_PASSWORD_FILE",
        "",
        "an Ansible vault password (ANSIBLE_VAULT_PASSWORD_FILE)",
    ),
    m("STEPPATH", "secrets", "smallstep CA keys (STEPPATH)"),
    m(
        "JFROG_CLI_HOME_DIR",
        "",
        "JFrog credentials (JFROG_CLI_HOME_DIR)",
    ),
    m("HISTFILE", "", "shell history (HISTFILE)"),
];

/// XDG base directories: a home entry under the default (`.config/…`) is also under the
/// variable's value when it is set.
pub const XDG: &[(&str, &str)] = &[
    ("XDG_CONFIG_HOME", ".config"),
    ("XDG_DATA_HOME", ".local/share"),
    ("XDG_CACHE_HOME", ".cache"),
];

/// File names that are secrets wherever they are, judged by name alone: protected (asked
/// about, never on the fast path) inside a project, and there is no telling what they
/// unlock. `.env` files other than the templates below.
pub const ENV_TEMPLATES: &[&str] = &[
    ".env.example",
    ".env.sample",
    ".env.template",
    ".env.dist",
    ".env.defaults",
];

/// File names that hold secrets wherever they are (protected, like `.env`: a Read asks in
/// guard mode and needs the person's words in auto mode, and is never fast-pathed).
/// Terraform's state and its backups (every resource attribute, passwords and keys among
/// them, in plain text: Terraform's "Sensitive Data in State"), git credential-store's file
/// (`git credential-store --file`, any place), and the files a tool reads by that name
/// from the directory it runs in or from a home copied into a project: libpq's `.pgpass`,
/// netrc (curl and git read `--netrc-file`), twine's `.pypirc`, MySQL's option and login
/// files, Apache's `.htpasswd` (password hashes), a DBeaver project's
/// `credentials-config.json`, and the two files Google's OAuth quickstarts write beside
/// the code, `credentials.json` (the OAuth client secret) and `token.json` (the user's
/// access and refresh tokens), and dbt's and BigQuery's conventional `keyfile.json` (a
/// service-account key), Cloudflare wrangler's `.dev.vars` (the secrets `wrangler dev`
/// loads, per its docs) and Azure Functions' `local.settings.json` (its `Values` and
/// `ConnectionStrings`, kept out of source control by the template). Names are compared folded (lower case). Exact names, then name
/// endings; Google service-account keys and Apple's `.p8` keys by their download names
/// ([`SERVICE_ACCOUNT_NAME_WORDS`], [`APPLE_KEY_PREFIXES`]).
///
/// WordPress's `wp-config.php` (its `DB_PASSWORD` and the authentication keys and salts,
/// per the WordPress docs "Editing wp-config.php"; the template is `wp-config-sample.php`),
/// Vault's token helper file `.vault-token` (`vault login` writes the token there), s3cmd's
/// `.s3cfg` (`access_key`/`secret_key`) and a `kubeconfig` file (the name `KUBECONFIG` and
/// `--kubeconfig` are given; its users carry tokens and client keys, as `.kube/config` does).
/// The AWS console's key downloads (`USER_accessKeys.csv`, `accessKeys.csv`, `rootkey.csv`,
/// a new user's `credentials.csv`: an access key id and its secret, as the IAM console's
/// "Download .csv file" saves them, wherever they were saved: Downloads, a backup), and a
/// GitHub Actions runner's `.credentials` and `.credentials_rsaparams` (written by
/// `config.sh` in the runner's directory: its OAuth registration and private key).
///
/// Left out on purpose: `.npmrc`, `pip.conf`, `.aider.conf.yml`, `nix.conf` and the like
/// inside a project, which are read for their settings far more often than they carry a
/// token (in a home they are stores, above), and `secrets.yaml`-like names, which are as
/// often templates or sops-encrypted files: those are judged by what they hold
/// ([`CONTENT_JUDGED`]).
pub const SECRET_FILE_NAMES: &[(&str, &str)] = &[
    (
        "terraform.tfstate",
        "Terraform state with secrets in plain text",
    ),
    (
        "terraform.tfstate.backup",
        "Terraform state with secrets in plain text",
    ),
    (".git-credentials", "git stored credentials"),
    (".pgpass", "PostgreSQL passwords"),
    (".pg_service.conf", "PostgreSQL service passwords"),
    (".netrc", "netrc login credentials"),
    ("_netrc", "netrc login credentials"),
    (".authinfo", "netrc-style login credentials"),
    (".pypirc", "PyPI upload credentials"),
    (".my.cnf", "MySQL credentials"),
    (".mylogin.cnf", "MySQL credentials"),
    (".htpasswd", "password hashes"),
    ("credentials-config.json", "DBeaver saved passwords"),
    (
        "credentials.json",
        "a credentials file (Google's OAuth client secret by the quickstarts' name)",
    ),
    (
        "token.json",
        "OAuth tokens (Google's quickstarts save the user's refresh token here)",
    ),
    (
        "keyfile.json",
        "a service-account key (dbt's and BigQuery's name)",
    ),
    (
        ".dev.vars",
        "local secrets (Cloudflare wrangler's file for `wrangler dev`)",
    ),
    (
        "local.settings.json",
        "app settings and connection strings (Azure Functions' local file)",
    ),
    (
        "jfrog-cli.conf",
        "JFrog credentials (the JFrog CLI's config)",
    ),
    (
        "jfrog-cli.conf.v5",
        "JFrog credentials (the JFrog CLI's config)",
    ),
    (
        "jfrog-cli.conf.v6",
        "JFrog credentials (the JFrog CLI's config)",
    ),
    (
        "claude_desktop_config.json",
        "MCP servers with their API keys (Claude Desktop's config)",
    ),
    (
        "cline_mcp_settings.json",
        "MCP servers with their API keys (Cline's config)",
    ),
    (
        "credentials.tfrc.json",
        "Terraform Cloud token (terraform login's file)",
    ),
    (
        "application_default_credentials.json",
        "Google application-default credentials",
    ),
    (
        "wp-config.php",
        "WordPress's database password and auth keys",
    ),
    (".vault-token", "HashiCorp Vault token"),
    (
        "accesskeys.csv",
        "AWS access keys (the IAM console's download)",
    ),
    (
        "credentials.csv",
        "AWS sign-in and access keys (the IAM console's download for a new user)",
    ),
    (
        "rootkey.csv",
        "AWS root access keys (the console's download)",
    ),
    (
        ".credentials",
        "a GitHub Actions runner's credentials (its OAuth registration)",
    ),
    (
        ".credentials_rsaparams",
        "a GitHub Actions runner's private key",
    ),
    (".s3cfg", "S3 credentials (s3cmd's config)"),
    (
        "secring.gpg",
        "a GnuPG secret keyring (GnuPG 1's private keys)",
    ),
    ("secring.skr", "a PGP secret keyring"),
    ("kubeconfig", "Kubernetes credentials"),
];

/// A credential store's place below a home, copied into any other directory (a project
/// that carries `.aws/credentials` or `.docker/config.json` for its containers, a home
/// checked into a repository) or kept there by the tool for a project (Streamlit's
/// `.streamlit/secrets.toml`, per its docs: "the secrets file" the app reads, kept out of
/// git): the same secrets. Protected (asked about, never on the fast path) wherever it is;
/// under a home it is the store in [`HOME`]. Compared component-wise at the end of the
/// path, folded.
pub const COPIED_STORES: &[(&str, &str)] = &[
    (".aws/credentials", "AWS credentials"),
    (".aws/sso/cache", "AWS SSO tokens"),
    (".aws/cli/cache", "AWS temporary credentials"),
    (".docker/config.json", "Docker registry credentials"),
    (".kube/config", "Kubernetes credentials"),
    (".streamlit/secrets.toml", "Streamlit secrets"),
    (".config/gh/hosts.yml", "GitHub CLI credentials"),
    (".config/hub", "GitHub hub credentials"),
    (".config/glab-cli/config.yml", "GitLab CLI credentials"),
    (".cargo/credentials.toml", "crates.io token"),
    (".cargo/credentials", "crates.io token"),
    (".gem/credentials", "RubyGems API key"),
    (".m2/settings-security.xml", "Maven master password"),
    (".azure/msal_token_cache.json", "Azure credentials"),
    (".azure/accessTokens.json", "Azure credentials"),
    (".config/gcloud/credentials.db", "Google Cloud credentials"),
    (
        ".config/gcloud/access_tokens.db",
        "Google Cloud credentials",
    ),
    (
        ".config/gcloud/legacy_credentials",
        "Google Cloud credentials",
    ),
    (
        ".terraform.d/credentials.tfrc.json",
        "Terraform Cloud token",
    ),
    (".fly/config.yml", "Fly.io token"),
    (".config/pnpm/rc", "pnpm registry tokens"),
    (".cabal/config", "Hackage credentials"),
    (
        ".codeium/windsurf/mcp_config.json",
        "MCP servers with their API keys",
    ),
    (
        ".config/crush/crush.json",
        "Crush's provider keys and MCP servers",
    ),
    (".config/aerc/accounts.conf", "aerc mail passwords"),
    (".config/jfrog", "JFrog credentials"),
    (".jfrog", "JFrog credentials"),
    (".gnupg/private-keys-v1.d", "GnuPG private keys"),
    // git-crypt keeps a repository's unlocked symmetric keys, in plain text, in
    // `.git/git-crypt/keys/NAME` (`default` for the default key); what is committed is
    // `.git-crypt/keys/`, the same keys encrypted to each user's GPG key.
    (".git/git-crypt/keys", "git-crypt's symmetric key"),
    (".password-store", "pass password store"),
];

/// Registry and index settings files read for their settings far more often than they
/// hold a token, and written by hand with one: inside a project (or anywhere but a home,
/// where they are stores) they are judged by what they hold now. One that holds a literal
/// credential ([`crate::decision::redact::has_secret`] on a line: `_authToken=npm_…`,
/// `_auth=`, `_password=`, `npmAuthToken: …`, an index URL with a password), or that
/// cannot be read to see (not there yet, not a regular file, larger than
/// [`CONTENT_JUDGED_MAX`]), is protected; a reference to the environment
/// (`_authToken=${NPM_TOKEN}`) is not a credential. npm's `.npmrc` (npm docs "npmrc":
/// per-project config beside package.json), pnpm's and Yarn 1's use of it, Yarn 2+'s
/// `.yarnrc.yml` (`npmAuthToken`, `npmAuthIdent`), Yarn 1's `.yarnrc`, pip's
/// `pip.conf` (a virtual environment's), Bun's `bunfig.toml` (`[install.scopes]` tokens),
/// Bundler's project `.bundle/config` (`BUNDLE_<HOST>` credentials), and a repository's
/// `.git/config`, where a CI checkout leaves its token (`actions/checkout` writes
/// `http.https://github.com/.extraheader = AUTHORIZATION: basic …`) and a clone URL can
/// carry one (`url = https://x-access-token:ghs_…@github.com/o/r`); `git config --get` of
/// those keys is the same read through git (`routine_git`).
///
/// Application settings that hold a secret as often as not, judged the same way: a
/// project's `auth.json` (Composer's per-project credentials beside `composer.json`, per
/// getcomposer.org "Authentication for privately hosted packages"; the same name is a
/// translation file in many web apps, which holds none), `secrets.yaml`/`.yml`/`.json`
/// (Helm values, Goose, Rails 5.1's `config/secrets.yml`: plain, or a sops-encrypted file
/// whose `ENC[…]` values are no literal secret), Rails' `config/database.yml` (a literal
/// `password:`, or only `<%= ENV[…] %>` references, which are not one) and ASP.NET's
/// `appsettings.json` and `appsettings.ENVIRONMENT.json` (`ConnectionStrings` with a
/// `Password=`; the configuration docs keep secrets out of them, which not every project
/// does). A `*` in an entry's last component stands for any run of characters.
pub const CONTENT_JUDGED: &[(&str, &str)] = &[
    (".npmrc", "npm registry settings with an auth token"),
    (".yarnrc.yml", "Yarn registry settings with an auth token"),
    (".yarnrc", "Yarn registry settings with an auth token"),
    ("pip.conf", "pip index settings with a password"),
    ("bunfig.toml", "Bun registry settings with a token"),
    (
        ".bundle/config",
        "Bundler settings with registry credentials",
    ),
    (
        ".git/config",
        "a repository's git settings holding a credential (an auth header or a URL with a token)",
    ),
    ("auth.json", "Composer's project credentials"),
    ("secrets.yaml", "a secrets file"),
    ("secrets.yml", "a secrets file"),
    ("secrets.json", "a secrets file"),
    (
        "config/database.yml",
        "Rails database settings with a password",
    ),
    (
        "appsettings.json",
        "ASP.NET settings with a connection string",
    ),
    (
        "appsettings.*.json",
        "ASP.NET settings with a connection string",
    ),
    // Terraform's variable files (`terraform.tfvars`, `*.auto.tfvars`, `-var-file`s): the
    // values of the module's variables, passwords among them as often as not (Terraform's
    // docs mark such variables `sensitive` yet keep their values in these files).
    ("*.tfvars", "Terraform variables with a secret value"),
    ("*.tfvars.json", "Terraform variables with a secret value"),
    // VPN and network configurations that carry their own keys: WireGuard's (`PrivateKey
    // =`, wg-quick(8): `/etc/wireguard/INTERFACE.conf`, copied anywhere), OpenVPN's
    // profiles (inline `<key>` blocks), Wi-Fi passwords (`psk=`, wpa_supplicant.conf(5))
    // and netplan's YAML (`password:` of a Wi-Fi access point or 802.1x).
    (
        "wireguard/*.conf",
        "a WireGuard configuration with its private key",
    ),
    ("wg*.conf", "a WireGuard configuration with its private key"),
    ("*.ovpn", "an OpenVPN profile with its key"),
    ("wpa_supplicant.conf", "Wi-Fi passwords (wpa_supplicant)"),
    ("wpa_supplicant-*.conf", "Wi-Fi passwords (wpa_supplicant)"),
    (
        "netplan/*.yaml",
        "network settings with Wi-Fi or 802.1x passwords",
    ),
    // Android's release signing (`key.properties`: storePassword/keyPassword, Flutter's
    // "Build and release an Android app"), rclone's remotes (tokens, keys, obscured
    // passwords), boto's `.boto` (AWS and GCS keys), APT's `auth.conf` (netrc-style
    // logins, apt_auth.conf(5)) and a global `npmrc`.
    ("key.properties", "Android signing passwords"),
    // Android's `keystore.properties` (storePassword, keyPassword: the name Android's
    // "Remove signing information from your build files" gives it), sentry-cli's
    // `.sentryclirc` (`[auth] token=`, looked up from the current directory upwards) and
    // `sentry.properties` (`auth.token`, the Android and React Native SDKs' file), and
    // Packer's variable files (`*.pkrvars.hcl`, `*.auto.pkrvars.hcl`: the values of a
    // template's variables, passwords among them, which Packer's gitignore template
    // keeps out of version control).
    ("keystore.properties", "Android signing passwords"),
    (".sentryclirc", "sentry-cli's settings with an auth token"),
    ("sentry.properties", "Sentry settings with an auth token"),
    ("*.pkrvars.hcl", "Packer variables with a secret value"),
    ("*.pkrvars.json", "Packer variables with a secret value"),
    ("rclone.conf", "rclone remotes with their tokens and keys"),
    (".boto", "boto's cloud credentials"),
    ("apt/auth.conf", "APT repository logins"),
    ("npmrc", "npm registry settings with an auth token"),
];

/// The largest settings file [`CONTENT_JUDGED`] (and [`CONTENT_READ_TREES`]) reads to
/// judge.
pub const CONTENT_JUDGED_MAX: u64 = 256 * 1024;

/// Places outside the workspace whose files are judged by what they hold, as
/// [`CONTENT_JUDGED`]'s are (`super::outside_read`), once no table settles them: a
/// file there that holds a literal secret on a line, or whose content cannot be seen
/// (not there, not a regular file, larger than [`CONTENT_JUDGED_MAX`], not UTF-8), is
/// not an ordinary read; one that can be read and holds none is. Relative to a home
/// (folded, lower case) or absolute. Applications keep their settings, and the tokens
/// their logins save, in their directories here under names no list keeps up with
/// (argocd's `config`, minio's `mc/config.json`, scaleway's `config.yaml`, twilio-cli's
/// `config.json`, age's `keys.txt`, syncthing's and transmission's settings with their
/// API keys and RPC passwords, rbw's `db.json`, `curlrc`'s `user =`), and system
/// configuration keeps services' passwords (`/etc/openvpn/auth.txt`). What is read here
/// for work — an editor's or a tool's settings, a service's configuration — is read
/// at once when it holds no secret. A file directly in a home that is not a dotfile
/// (`~/src-config.json`, `~/notes.txt`) is judged the same way when it is there
/// (`super::content_read`: one that is not there holds nothing);
/// directories directly in a home are other projects, and stay ordinary. Trees of
/// installed code below them ([`CONTENT_PACKAGE_DIRS`], [`CONTENT_PACKAGE_TREES`]) are not judged; a directory read
/// as a tree (a search of `~/.config/nvim`) is judged file by file, within
/// [`CONTENT_TREE_MAX_ENTRIES`] and [`CONTENT_TREE_MAX_BYTES`]; names and metadata
/// (`ls`, `find -name`, Glob) are never judged, as they print no content.
pub const CONTENT_READ_TREES: &[(&str, &str)] = &[
    (
        ".config",
        "applications' settings (XDG_CONFIG_HOME's default)",
    ),
    (
        ".local/share",
        "applications' data (XDG_DATA_HOME's default)",
    ),
    (
        ".local/state",
        "applications' state (XDG_STATE_HOME's default)",
    ),
    (
        "library/application support",
        "applications' settings and data (macOS)",
    ),
    ("library/preferences", "applications' preferences (macOS)"),
    ("/etc", "the system's configuration"),
    ("/private/etc", "the system's configuration (macOS's /etc)"),
];

/// The most entries a tree read of a [`CONTENT_READ_TREES`] directory walks to judge the
/// files below it; a larger tree is not an ordinary read.
pub const CONTENT_TREE_MAX_ENTRIES: usize = 512;

/// The most bytes of files a tree read of a [`CONTENT_READ_TREES`] directory reads to
/// judge them; a larger tree is not an ordinary read.
pub const CONTENT_TREE_MAX_BYTES: u64 = 2 * 1024 * 1024;

/// Directory names (folded) of trees of installed code and packages, wherever they are:
/// what lies below them is the packages' code, not a person's settings or records
/// (a virtual environment's `lib/python3.12/site-packages`, nvim's `node_modules`, an
/// editor's `extensions`). What a recorder's store is not; a read of application data
/// skips only [`CONTENT_PACKAGE_DIRS`] and [`CONTENT_PACKAGE_TREES`].
pub const PACKAGE_TREE_DIRS: &[&str] = &[
    "node_modules",
    "site-packages",
    "dist-packages",
    "vendor",
    "lib",
    "extensions",
];

/// Directory names (folded) that hold nothing but installed packages, wherever they are:
/// the trees a read of application data ([`CONTENT_READ_TREES`]) does not judge by what
/// they hold. Not the names apps also use for their own data (`lib`, `vendor`,
/// `extensions`: `~/.config/app/lib/token.json` is the app's), which count only as a
/// package manager's own tree ([`CONTENT_PACKAGE_TREES`]).
pub const CONTENT_PACKAGE_DIRS: &[&str] = &["node_modules", "site-packages", "dist-packages"];

/// Trees of installed code a package manager keeps below [`CONTENT_READ_TREES`] (folded,
/// relative to the tree: Composer's global `vendor` under `~/.config/composer`, GNOME
/// Shell's `extensions` under `~/.local/share/gnome-shell`, Python's and Ruby's libraries
/// of a runtime a manager installed under `~/.local/share`).
pub const CONTENT_PACKAGE_TREES: &[&str] = &[
    "composer/vendor",
    "gnome-shell/extensions",
    "uv/python",
    "uv/tools",
    "mise/installs",
    "pnpm",
    "pipx",
    "nvim/lazy",
    "nvim/site/pack",
];

/// Words that, adjacent in a `.json` file's name (split at `-`, `_` and `.`), name a
/// Google service-account key as people save them (`my-proj-service-account.json`,
/// `ci-sa-key.json`, `serviceaccount.json`): protected by the name alone, so a key that is
/// not there yet, or cannot be read, is covered as well as the one recognised by what it
/// holds. `client_secret….json` is the name Google's console downloads OAuth client
/// secrets under.
pub const SERVICE_ACCOUNT_NAME_WORDS: &[&[&str]] = &[
    &["service", "account"],
    &["serviceaccount"],
    &["sa", "key"],
    &["gcp", "key"],
    &["gcloud", "key"],
];

/// How editors, package managers and people spell a copy of a file beside it: the copy
/// holds what the file held, so a copy of a store is the store (`~/.netrc~`,
/// `~/.netrc.bak`, `credentials.orig`). Suffixes: Emacs' and many editors' `~`, the
/// usual `.bak`/`.backup`/`.orig`/`.old`/`.save`/`.sav`/`.tmp`, dpkg's and rpm's kept
/// configuration (`.dpkg-old`, `.dpkg-dist`, `.rpmsave`, `.rpmnew`), and Vim's swap files
/// (`.swp`, `.swo`, `.swx`, named `.NAME.swp` beside NAME); Emacs' auto-save `#NAME#`.
pub const BACKUP_SUFFIXES: &[&str] = &[
    "~",
    ".bak",
    ".backup",
    ".orig",
    ".old",
    ".save",
    ".sav",
    ".tmp",
    ".dpkg-old",
    ".dpkg-dist",
    ".rpmsave",
    ".rpmnew",
    ".swp",
    ".swo",
    ".swx",
];

/// The names a backup or swap-file spelling ([`BACKUP_SUFFIXES`], `#NAME#`) is a copy of:
/// the name without the suffix, and for a Vim swap file also without its leading dot.
pub fn backup_of(name: &str) -> Vec<&str> {
    let mut out = Vec::new();
    if let Some(inner) = name.strip_prefix('#').and_then(|n| n.strip_suffix('#')) {
        if !inner.is_empty() {
            out.push(inner);
        }
    }
    for suffix in BACKUP_SUFFIXES {
        let Some(stem) = name.strip_suffix(suffix).filter(|s| !s.is_empty()) else {
            continue;
        };
        out.push(stem);
        if suffix.starts_with(".sw") {
            if let Some(vim) = stem.strip_prefix('.').filter(|s| !s.is_empty()) {
                out.push(vim);
            }
        }
    }
    out
}

/// The path an editor's recovery copy names in its own file name, when it spells the
/// whole path of the file it copies: Vim's and Neovim's swap and undo files in a
/// `directory`/`undodir` (`%home%me%.netrc.swp`, `%home%me%.netrc`: `/` as `%`) and
/// Emacs' backups and auto-saves in a backup directory (`!home!me!.netrc~`,
/// `#!home!me!.netrc#`: `/` as `!`, a literal `!` doubled). The copy holds what the file
/// held, so it is judged as that file. `None` when the name spells no absolute path.
/// The spellings follow Vim's `'directory'`/`'undodir'` (a directory ending in `//`) and
/// Emacs' `backup-directory-alist` as red-team round 13b documented them (not re-checked
/// against the editors here).
pub fn encoded_original(name: &str) -> Option<String> {
    let inner = name
        .strip_prefix('#')
        .and_then(|n| n.strip_suffix('#'))
        .unwrap_or(name);
    let stem = [".swp", ".swo", ".swx", ".un~", "~"]
        .iter()
        .find_map(|s| inner.strip_suffix(s))
        .unwrap_or(inner);
    let (sep, rest) = match stem.chars().next()? {
        '%' => ('%', stem),
        '!' => ('!', stem),
        _ => return None,
    };
    if rest.matches(sep).count() < 2 {
        return None;
    }
    let path = if sep == '!' {
        rest.replace("!!", "\u{0}")
            .replace('!', "/")
            .replace('\u{0}', "!")
    } else {
        rest.replace('%', "/")
    };
    (!path.contains("//") && path.len() > 2).then_some(path)
}

/// Apple's private keys (PKCS#8, `.p8`) by the names App Store Connect and the developer
/// portal download them under: `AuthKey_KEYID.p8` (App Store Connect API, APNs, Sign in
/// with Apple) and `SubscriptionKey_KEYID.p8` (In-App Purchase). A bare `.p8` is not
/// listed: PICO-8 cartridges use that extension.
pub const APPLE_KEY_PREFIXES: &[&str] = &["authkey_", "subscriptionkey_"];
pub const SECRET_FILE_ENDINGS: &[(&str, &str)] = &[
    (".tfstate", "Terraform state with secrets in plain text"),
    (
        "_accesskeys.csv",
        "AWS access keys (the IAM console's download, USER_accessKeys.csv)",
    ),
    (
        ".tfstate.backup",
        "Terraform state with secrets in plain text",
    ),
];

/// The largest file sniffed for a Google service-account key (a real one is about 2.4 KB).
pub const SERVICE_ACCOUNT_KEY_MAX: u64 = 64 * 1024;

/// OpenPGP keys and keyrings: the extensions of exported keys (`gpg --export-secret-keys
/// --armor > private.asc`; binary exports `.gpg`/`.pgp`), and the words in such a file's
/// name (split at `-`, `_`, `.` and spaces) that say it is the private half
/// (`private.asc`, `private-key.asc`, `alice_secret.gpg`, `signing.sec.asc`). The secret
/// keyrings by their own names are in [`SECRET_FILE_NAMES`] (GnuPG 1's `secring.gpg`,
/// PGP's `secring.skr`). A key saved under any other name is recognised by what it holds
/// ([`PGP_PRIVATE_HEADER`] in the first [`PGP_SNIFF_MAX`] bytes of a file with one of
/// [`PGP_SNIFF_EXTENSIONS`]); the public half (`public.asc`, `KEYS.asc`) is neither.
pub const PGP_KEY_EXTENSIONS: &[&str] = &["asc", "gpg", "pgp"];
pub const PGP_PRIVATE_WORDS: &[&str] = &["private", "secret", "sec", "secring", "privkey"];
pub const PGP_SNIFF_EXTENSIONS: &[&str] = &["asc", "gpg", "pgp", "txt", "sec", "skr", "key"];
pub const PGP_PRIVATE_HEADER: &str = "-----BEGIN PGP PRIVATE KEY BLOCK-----";
pub const PGP_SNIFF_MAX: u64 = 64 * 1024;

/// Extensions of key and certificate material (protected by name anywhere).
/// signify's secret keys are `NAME.sec` (signify(1): `-s seckey`, beside `NAME.pub`).
pub const KEY_EXTENSIONS: &[&str] = &["pem", "key", "p12", "pfx", "jks", "keystore", "ppk", "sec"];

/// Extensions of password databases, their key files (KeePassXC's `.keyx`) and keychains:
/// a credential outside the project (a KeePass file in Documents), protected inside it (a
/// test fixture).
pub const VAULT_EXTENSIONS: &[&str] = &["kdbx", "keyx", "keychain", "keychain-db"];

/// Git's hook names (githooks(5)): a file of that name in a `hooks` directory runs at
/// the next commit, merge, checkout or push.
pub const GIT_HOOKS: &[&str] = &[
    "applypatch-msg",
    "pre-applypatch",
    "post-applypatch",
    "pre-commit",
    "pre-merge-commit",
    "prepare-commit-msg",
    "commit-msg",
    "post-commit",
    "pre-rebase",
    "post-checkout",
    "post-merge",
    "pre-push",
    "pre-receive",
    "update",
    "proc-receive",
    "post-receive",
    "post-update",
    "reference-transaction",
    "push-to-checkout",
    "pre-auto-gc",
    "post-rewrite",
    "sendemail-validate",
    "fsmonitor-watchman",
    "p4-changelist",
    "p4-prepare-changelist",
    "p4-post-changelist",
    "p4-pre-submit",
    "post-index-change",
];

/// Private key file names (as `ssh-keygen` names them).
pub const PRIVATE_KEY_NAMES: &[&str] = &[
    "id_rsa",
    "id_dsa",
    "id_ecdsa",
    "id_ed25519",
    "id_ecdsa_sk",
    "id_ed25519_sk",
];

/// Files in `.ssh` that may be read: public keys and known hosts. Everything else there is
/// a key, or config and `authorized_keys` (persistence).
pub const SSH_READABLE: &[&str] = &["known_hosts", "known_hosts.old"];

/// Cloud and cluster metadata endpoints: a request to one returns the machine's role
/// credentials (AWS IMDS, ECS task roles, GCP, Azure, OCI, Alibaba, OpenStack, DigitalOcean
/// all answer on these). Hosts as a URL names them (IPv6 without brackets); numeric IPv4
/// spellings (`0xa9fea9fe`, `2852039166`, `169.254.43518`) are read by [`metadata_host`].
pub const METADATA_HOSTS: &[(&str, &str)] = &[
    (
        "169.254.169.254",
        "the cloud metadata service (instance role credentials)",
    ),
    (
        "169.254.170.2",
        "the ECS task metadata service (task role credentials)",
    ),
    (
        "169.254.170.23",
        "the EKS Pod Identity agent (pod role credentials)",
    ),
    (
        "fd00:ec2::254",
        "the AWS metadata service over IPv6 (instance role credentials)",
    ),
    (
        "fd00:ec2::23",
        "the EKS Pod Identity agent over IPv6 (pod role credentials)",
    ),
    (
        "metadata.google.internal",
        "the Google Cloud metadata service (service-account tokens)",
    ),
    (
        "metadata.goog",
        "the Google Cloud metadata service (service-account tokens)",
    ),
    (
        "metadata",
        "the Google Cloud metadata service (service-account tokens)",
    ),
    (
        "instance-data",
        "the AWS metadata service (instance role credentials)",
    ),
    (
        "instance-data.ec2.internal",
        "the AWS metadata service (instance role credentials)",
    ),
    (
        "100.100.100.200",
        "the Alibaba Cloud metadata service (instance role credentials)",
    ),
    ("192.0.0.192", "the Oracle Cloud Classic metadata service"),
    (
        "168.63.129.16",
        "the Azure WireServer (certificates and extension secrets)",
    ),
    (
        "kubernetes.default.svc",
        "the Kubernetes API from inside a pod (with its service-account token)",
    ),
    (
        "kubernetes.default",
        "the Kubernetes API from inside a pod (with its service-account token)",
    ),
];

/// The metadata endpoint `host` names, if any: the host as a URL or a program gives it
/// (case-insensitive, a trailing dot, `[v6]` brackets), or any address it stands for
/// ([`crate::context::web::addresses`]: the numeric spellings of IPv4 that `inet_aton`
/// accepts — hex, octal, fewer than four parts —, IPv4 carried in IPv6, and names that
/// wildcard DNS resolves to the address written in them, `169-254-169-254.nip.io`).
pub fn metadata_host(host: &str) -> Option<&'static str> {
    let h = host.trim().trim_end_matches('.').to_ascii_lowercase();
    let h = h.trim_start_matches('[').trim_end_matches(']');
    if let Some((_, what)) = METADATA_HOSTS.iter().find(|(m, _)| *m == h) {
        return Some(what);
    }
    if h.ends_with(".svc.cluster.local") && h.starts_with("kubernetes.default") {
        return Some("the Kubernetes API from inside a pod (with its service-account token)");
    }
    crate::context::web::addresses(h).into_iter().find_map(|a| {
        METADATA_HOSTS
            .iter()
            .find(|(m, _)| m.parse::<std::net::IpAddr>().ok() == Some(a))
            .map(|(_, w)| *w)
    })
}

/// IPv4 as `inet_aton(3)` reads it (what curl and most resolvers accept): 1 to 4 parts,
/// each decimal, octal (`0…`) or hex (`0x…`); the last part fills the remaining bytes.
pub fn inet_aton(s: &str) -> Option<u32> {
    let parts: Vec<&str> = s.split('.').collect();
    if parts.is_empty() || parts.len() > 4 {
        return None;
    }
    let mut nums = Vec::with_capacity(4);
    for p in &parts {
        let (digits, radix) = if let Some(h) = p.strip_prefix("0x") {
            (h, 16)
        } else if p.len() > 1 && p.starts_with('0') {
            (&p[1..], 8)
        } else {
            (*p, 10)
        };
        if digits.is_empty() && radix != 16 {
            return None;
        }
        let n = if digits.is_empty() {
            0
        } else {
            u64::from_str_radix(digits, radix).ok()?
        };
        nums.push(n);
    }
    let (last, head) = nums.split_last()?;
    if head.iter().any(|n| *n > 255) {
        return None;
    }
    let room = 8 * (4 - head.len() as u32);
    if room < 64 && *last >= (1u64 << room) {
        return None;
    }
    let mut v: u64 = 0;
    for (i, n) in head.iter().enumerate() {
        v |= n << (24 - 8 * i as u32);
    }
    Some((v | last) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_is_ascii_and_says_what_and_why() {
        for st in HOME.iter().chain(ABS) {
            assert!(st.at.is_ascii(), "{}", st.at);
            assert!(!st.what.is_empty() && !st.why.is_empty(), "{}", st.at);
            assert!(!st.at.ends_with('/'), "{}", st.at);
        }
        for st in HOME {
            assert!(!st.at.starts_with('/'), "{}", st.at);
        }
        for st in ABS {
            assert!(st.at.starts_with('/'), "{}", st.at);
        }
        for mv in MOVED {
            assert!(mv.sub.is_ascii() && !mv.what.is_empty());
        }
        for (h, w) in METADATA_HOSTS {
            assert!(h.is_ascii() && *h == h.to_ascii_lowercase() && !w.is_empty());
        }
    }

    #[test]
    fn metadata_hosts_in_every_spelling() {
        for h in [
            "169.254.169.254",
            "169.254.169.254.",
            "0xa9fea9fe",
            "0xA9FEA9FE",
            "2852039166",
            "0251.0376.0251.0376",
            "169.254.43518",
            "169.16689662",
            "[fd00:ec2::254]",
            "[::ffff:169.254.169.254]",
            "METADATA.google.internal",
            "169.254.170.2",
            "100.100.100.200",
            "kubernetes.default.svc.cluster.local",
            // Names wildcard DNS resolves to the address written in them.
            "169.254.169.254.nip.io",
            "169-254-169-254.sslip.io",
            "www-169-254-169-254.sslip.io",
            "app-169.254.169-254.nip.io",
            "a9fea9fe.nip.io",
            "app-a9fea9fe.nip.io",
            "fd00-ec2--254.sslip.io",
            // IPv4 carried in IPv6, and other spellings of the IPv6 endpoints.
            "[::ffff:a9fe:a9fe]",
            "[64:ff9b::a9fe:a9fe]",
            "[fd00:ec2:0::254]",
            "metadata",
            "instance-data",
            "168.63.129.16",
            "192.0.0.192",
        ] {
            assert!(metadata_host(h).is_some(), "{h}");
        }
        for h in [
            "169.254.169.25",
            "example.com",
            "1.2.3.4",
            "0x1ffffffff",
            "256.1.1.1",
            "",
        ] {
            assert!(metadata_host(h).is_none(), "{h}");
        }
    }
}
