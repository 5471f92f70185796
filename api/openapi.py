"""GET /openapi.yaml: the OpenAPI 3.1 document of every route, outside /v1, no key."""

from __future__ import annotations

from importlib import resources

from flask import Blueprint, Response

blueprint = Blueprint("openapi", __name__)

DOCUMENT = "openapi.yaml"
# RFC 9512's media type for YAML.
MEDIA_TYPE = "application/yaml"


def document() -> bytes:
    """The OpenAPI document as shipped beside this module."""
    return resources.files("api").joinpath(DOCUMENT).read_bytes()


@blueprint.get("/openapi.yaml")
def openapi_document() -> Response:
    """The document, read from the package so that what is served is what the tests check."""
    return Response(document(), content_type=f"{MEDIA_TYPE}; charset=utf-8", headers={"Cache-Control": "no-cache"})
