"""nginx with the shipped configs (deploy/nginx/nginx.conf and tkn-gateway.conf), run from a directory of its own.

Only what a test machine must change is changed: the listen address, the upstream's port, the
certificate (a self-signed one made here), the user and the paths. Everything nginx writes (pid,
logs, temporary files) stays in the directory, so it needs no system paths.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from config import PROJECT_ROOT
from harness.stack import StackError, children, free_port, wait_for

SITE_CONFIG = PROJECT_ROOT / "deploy" / "nginx" / "tkn-gateway.conf"
MAIN_CONFIG = PROJECT_ROOT / "deploy" / "nginx" / "nginx.conf"
_TEMP_PATHS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")


def nginx_path() -> str:
    """Debian's nginx; `make deploy-tools` installs it."""
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if found is None:
        raise StackError("nginx is not installed: run `make deploy-tools` (apt-get install nginx)")
    return found


def _replace_once(text: str, old: str, new: str, name: str = SITE_CONFIG.name) -> str:
    if text.count(old) != 1:
        raise StackError(f"{name} should hold {old!r} exactly once")
    return text.replace(old, new)


@dataclass
class Nginx:
    """One nginx master in front of the gateway's API on `upstream_port`."""

    directory: Path
    upstream_port: int
    port: int = field(default_factory=free_port)
    # Further edits of the site config, old text to new, e.g. a lower cap that a test can reach.
    site_changes: dict[str, str] = field(default_factory=dict)
    process: subprocess.Popen[bytes] | None = field(default=None, init=False)

    @property
    def url(self) -> str:
        """The proxy's base URL (TLS, self-signed)."""
        return f"https://127.0.0.1:{self.port}"

    @property
    def certificate(self) -> Path:
        """The self-signed certificate the proxy presents."""
        return self.directory / "cert.pem"

    def site_config(self) -> str:
        """The shipped site config, with this machine's listen address, upstream port and certificate."""
        text = SITE_CONFIG.read_text()
        text = _replace_once(text, "listen 443 ssl;", f"listen 127.0.0.1:{self.port} ssl;")
        text = _replace_once(text, "listen [::]:443 ssl;", "")
        text = _replace_once(text, "server 127.0.0.1:8000;", f"server 127.0.0.1:{self.upstream_port};")
        text = _replace_once(text, "/etc/tkn-gateway/tls/fullchain.pem", str(self.certificate))
        text = _replace_once(text, "/etc/tkn-gateway/tls/privkey.pem", str(self.directory / "key.pem"))
        for old, new in self.site_changes.items():
            text = _replace_once(text, old, new)
        return text

    def main_config(self) -> str:
        """The shipped nginx.conf, with this directory's paths and the site included in http."""
        name = MAIN_CONFIG.name
        text = MAIN_CONFIG.read_text()
        # As www-data, nginx's workers could not write this directory; as anyone but root, nginx
        # cannot switch users at all.
        text = _replace_once(text, "user www-data;", "user root;" if os.geteuid() == 0 else "", name)
        text = _replace_once(text, "/run/nginx.pid", str(self.directory / "nginx.pid"), name)
        text = _replace_once(text, "/var/log/nginx/error.log", str(self.directory / "error.log"), name)
        temp = "".join(f"\n    {kind}_temp_path {self.directory / kind};" for kind in _TEMP_PATHS)
        access = f"access_log {self.directory / 'access.log'};"
        text = _replace_once(text, "access_log /var/log/nginx/access.log;", access + temp, name)
        site = f"include {self.directory / 'tkn-gateway.conf'};"
        return _replace_once(text, "include /etc/nginx/conf.d/*.conf;", site, name)

    def _make_certificate(self) -> None:
        subprocess.run(  # noqa: S603 - fixed argv, no shell
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",  # noqa: S607
             "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
             "-keyout", str(self.directory / "key.pem"), "-out", str(self.certificate)],
            check=True, capture_output=True,
        )  # fmt: skip

    def start(self) -> None:
        """Write the config, make the certificate, start nginx in the foreground; wait for its port."""
        self.directory.mkdir(parents=True, exist_ok=True)
        self._make_certificate()
        (self.directory / "tkn-gateway.conf").write_text(self.site_config())
        (self.directory / "nginx.conf").write_text(self.main_config())
        command = [nginx_path(), "-p", str(self.directory), "-e", str(self.directory / "error.log"),
                   "-c", str(self.directory / "nginx.conf"), "-g", "daemon off;"]  # fmt: skip
        with (self.directory / "nginx.out").open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)  # noqa: S603
        wait_for(self._listening, 30, f"nginx to listen (see {self.directory / 'error.log'})")

    def _listening(self) -> bool:
        if self.process is not None and self.process.poll() is not None:
            raise StackError(
                f"nginx exited with {self.process.returncode}: {(self.directory / 'nginx.out').read_text()}"
            )
        return (self.directory / "nginx.pid").exists() and bool(self.worker_pids())

    def worker_pids(self) -> list[int]:
        """nginx's worker processes."""
        return [] if self.process is None else children(self.process.pid)

    def stop(self) -> None:
        """Graceful stop (SIGQUIT), then SIGKILL after 10 s."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGQUIT)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
