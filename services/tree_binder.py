"""Binds a validated lxml tree to the generated xsdata dataclasses, walking the tree directly.

xsdata's own parser replays the tree as start and end events through a generic node stack, about
45 Python calls per element: 140 µs of a pacs.008's 600 µs in process, the largest single cost of
intake (docs/performance.md). This walk makes the same dataclasses from the same metadata
(xsdata's XmlContext) and converts every value with the same xsdata call, in about a third of the
time; the text of a plain string field, which that call returns unchanged, is taken as it is. It
covers what the ISO 20022 bindings use: child elements, repeated elements, attributes and
simple content. Anything else (a wildcard such as SplmtryData's envelope, an xsi: attribute, a
repeated single element, an unknown child) raises UnsupportedContent before anything is returned,
and the caller hands the untouched tree to xsdata's parser, so the result never differs from
xsdata's (tests/services/test_tree_binder.py compares the two over generated documents).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from lxml import etree
from xsdata.formats.dataclass.context import XmlContext
from xsdata.formats.dataclass.models.elements import XmlMeta, XmlVar
from xsdata.formats.dataclass.parsers.config import ParserConfig
from xsdata.formats.dataclass.parsers.utils import ParserUtils

T = TypeVar("T")

# xsdata's defaults, so a value that fails conversion warns and stays text exactly as it would there.
_CONFIG = ParserConfig()


class UnsupportedContent(Exception):
    """The tree holds something this walk leaves to xsdata's parser."""


@dataclass(frozen=True)
class _Plan:
    meta: XmlMeta
    children: dict[str, _Field]
    attributes: dict[str | bytes, XmlVar]


class _Field:
    """A child element's field, with what the walk needs of it looked up once."""

    __slots__ = ("clazz", "is_list", "name", "plain_text", "plan", "var")

    def __init__(self, var: XmlVar) -> None:
        self.var = var
        self.name = var.name
        self.is_list = var.list_element
        self.clazz = var.clazz
        # xsdata converts a str field's text to itself; only other types need its converter.
        self.plain_text = var.types == (str,) and var.tokens_factory is None
        self.plan: _Plan | None = None  # the child class's plan, once the walk has met it


def _walkable(var: XmlVar) -> bool:
    # A union of classes, an xs:anyType value or a tuple field binds differently in xsdata.
    return not (var.is_clazz_union or var.any_type) and var.factory in (None, list)


def _plan(meta: XmlMeta) -> _Plan | None:
    # Mixed content keeps text beside the children: only xsdata's parser collects it.
    if meta.mixed_content:
        return None
    # Wildcards, wrappers, compound fields and unknown names are absent from these maps, so
    # meeting one raises UnsupportedContent; a non-init field makes the constructor refuse.
    children = {
        qname: _Field(found[0]) for qname, found in meta.elements.items() if len(found) == 1 and _walkable(found[0])
    }
    attributes: dict[str | bytes, XmlVar] = dict(meta.attributes.items())
    return _Plan(meta, children, attributes)


class TreeBinder:
    """Builds bindings from validated trees. One per process; it only reads what it holds."""

    def __init__(self, context: XmlContext) -> None:
        self.context = context
        self._plans: dict[tuple[type, str | None], _Plan | None] = {}

    def prepare(self, clazz: type) -> None:
        """Build the plans of `clazz` and every class below it now, not on the first request."""
        pending: list[tuple[type, str | None]] = [(clazz, None)]
        while pending:
            key = pending.pop()
            if key not in self._plans:
                plan = self._plans[key] = _plan(self.context.build(*key))
                if plan is not None:
                    pending += [(f.clazz, plan.meta.namespace) for f in plan.children.values() if f.clazz]

    def bind(self, root: etree._Element, clazz: type[T]) -> T:
        """The binding of a validated tree; raises UnsupportedContent for what xsdata must bind."""
        plan = self._plan_of(clazz, None)
        if root.tag != plan.meta.qname:
            raise UnsupportedContent(f"root {root.tag!r}")
        document: T = self._element(root, plan)
        return document

    def _plan_of(self, clazz: type, parent_namespace: str | None) -> _Plan:
        key = (clazz, parent_namespace)
        try:
            plan = self._plans[key]
        except KeyError:
            plan = self._plans.setdefault(key, _plan(self.context.build(clazz, parent_namespace)))
        if plan is None:
            raise UnsupportedContent(clazz.__name__)
        return plan

    def _element(self, element: etree._Element, plan: _Plan) -> Any:
        meta = plan.meta
        params: dict[str, Any] = {}
        for qname, text in element.items():
            var = plan.attributes.get(qname)
            if var is None:
                raise UnsupportedContent(f"attribute {qname!r}")
            params[var.name] = ParserUtils.parse_var(meta=meta, var=var, config=_CONFIG, value=text, ns_map={})
        if meta.text is not None and element.text is not None:
            params[meta.text.name] = ParserUtils.parse_var(
                meta=meta, var=meta.text, config=_CONFIG, value=element.text, ns_map={}
            )
        children = plan.children
        for child in element:
            found = children.get(child.tag)  # a comment's tag is a function: not found
            if found is None:
                raise UnsupportedContent(f"element {child.tag!r}")
            if found.clazz is not None:
                value = self._element(child, found.plan or self._child_plan(found, found.clazz, meta))
            else:
                value = self._leaf(child, found, meta)
            name = found.name
            if found.is_list:
                params.setdefault(name, []).append(value)
            elif name in params:
                raise UnsupportedContent(f"repeated {child.tag!r}")
            else:
                params[name] = value
        try:
            return meta.clazz(**params)
        except TypeError:
            # A required field is missing: xsdata's parser reports that in its own words.
            raise UnsupportedContent(meta.clazz.__name__) from None

    def _child_plan(self, found: _Field, clazz: type, parent: XmlMeta) -> _Plan:
        # The key (class, parent namespace) is the same every time this field is met.
        found.plan = self._plan_of(clazz, parent.namespace)
        return found.plan

    def _leaf(self, child: etree._Element, found: _Field, parent: XmlMeta) -> Any:
        if len(child) or child.items():
            raise UnsupportedContent(f"content of {child.tag!r}")
        text = child.text
        if found.plain_text and text is not None:
            return text
        var = found.var
        value = ParserUtils.parse_var(meta=parent, var=var, config=_CONFIG, value=text, ns_map={})
        if value is None and not var.nillable:
            # As xsdata's PrimitiveNode: an empty element is the empty value, not the field's default.
            return b"" if bytes in var.types else ""
        return value
