import http.server, os
from standardwebhooks import Webhook

hook = Webhook(os.environ["WEBHOOK_SECRET"])  # the whsec_... secret that `webhooks add` printed


class Receiver(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        hook.verify(body, dict(self.headers), json_parse=False)  # raises on a bad signature: no 2xx
        print(self.headers["TKN-Event-Type"], self.headers["TKN-Transfer-ID"], self.headers["webhook-id"], flush=True)
        self.send_response(204), self.end_headers()


http.server.HTTPServer(("127.0.0.1", int(os.environ.get("PORT", "9000"))), Receiver).serve_forever()
