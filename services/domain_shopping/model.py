"""The shopping domain's model engine (the ``extractor`` role's models): products, specs and offers read from the
pages whose markup gives none (no schema.org item, spec table or visible price: a review in prose, a forum post,
a PDF), with the offline engine (``offline.py``) doing everything else and standing alone without a model.

The model never supplies a figure the report states: every name, value and price it returns must be written in the
page's own text (whitespace aside; a name case aside), else it is dropped and the drop is said in the notes; what
is kept is cited at its span in the page like any figure the offline engine reads (``Locator.cite``). Every call
goes through ``ModelCalls`` (a failure or an empty answer leaves the page to the offline engine).
"""

from __future__ import annotations

import asyncio
import re
from uuid import UUID

from pydantic import BaseModel, Field

from services.domain_shopping.offline import Analysis, SourcePage, analyse_with_settings
from services.domain_shopping.pages import Page, PageOffer, PageProduct, Spec, read_page
from shared.llm import Role
from shared.llm.calls import ModelCalls
from shared.settings import DomainShoppingSettings

ROLE: Role = "extractor"
DEADLINE_S = 60.0
#: pages read by the model per run, and the characters of each page's text it is shown
MAX_PAGES = 6
MAX_CHARS = 8000


class ModelSpec(BaseModel):
    """One attribute of a product as the page writes it."""

    attribute: str = Field(min_length=1, max_length=80)
    value: str = Field(min_length=1, max_length=120)


class ModelOffer(BaseModel):
    """One offer as the page writes it: the price with its currency sign or code, the merchant, the condition."""

    price: str = Field(min_length=1, max_length=40)
    merchant: str = Field("", max_length=120)
    condition: str = Field("", max_length=40)
    availability: str = Field("", max_length=60)


class ModelProduct(BaseModel):
    """A product the page names, with the specs and offers it gives for it."""

    name: str = Field(min_length=2, max_length=160)
    brand: str = Field("", max_length=80)
    model: str = Field("", max_length=80)
    specs: list[ModelSpec] = Field(default_factory=list, max_length=20)
    offers: list[ModelOffer] = Field(default_factory=list, max_length=10)


class PageAnswer(BaseModel):
    """The products one page describes (at most 5)."""

    products: list[ModelProduct] = Field(default_factory=list, max_length=5)


def _flat(text: str) -> str:
    return " ".join(text.split())


def needs_model(page: SourcePage) -> bool:
    """Whether the offline engine finds nothing in ``page``'s markup (no structured product, spec table or
    visible price) while its text has something to read."""
    if not page.text.strip():
        return False
    read = read_page(page.html, page.url) if page.html else Page()
    return not read.products and not any(read.table_specs.values()) and not read.prices


def grounded(answer: PageAnswer, text: str) -> tuple[list[PageProduct], list[str]]:
    """The products of ``answer`` kept to what ``text`` writes: a product whose name the text does not contain
    is dropped; so is a spec value, price or merchant not written in it. Returns (products, one note per drop)."""
    flat = _flat(text)
    lower = flat.lower()
    kept: list[PageProduct] = []
    dropped: list[str] = []
    for item in answer.products:
        name = _flat(item.name)
        if name.lower() not in lower:
            dropped.append(f"product {name!r}")
            continue
        product = PageProduct(name=name, brand=_flat(item.brand) if _flat(item.brand).lower() in lower else "",
                              model=_flat(item.model) if _flat(item.model) and _flat(item.model) in flat else "",
                              origin="model")
        for spec in item.specs:
            value = _flat(spec.value)
            if value in flat:
                product.specs.append(Spec(name=_flat(spec.attribute), value=value, origin="model",
                                          key=_flat(spec.attribute)))
            else:
                dropped.append(f"{name} {spec.attribute} {value!r}")
        for offer in item.offers:
            price = _flat(offer.price)
            if price not in flat or not re.search(r"\d", price):
                dropped.append(f"{name} price {price!r}")
                continue
            merchant = _flat(offer.merchant)
            product.offers.append(PageOffer(price=price, seller=merchant if merchant and merchant in flat else "",
                                            condition=_flat(offer.condition), availability=_flat(offer.availability),
                                            origin="model", key=""))
        kept.append(product)
    return kept, dropped


async def read_pages(calls: ModelCalls, question: str, pages: list[SourcePage], *, max_pages: int = MAX_PAGES
                     ) -> tuple[dict[str, list[PageProduct]], list[str]]:
    """The model's reading of the pages the offline engine finds nothing in (see :func:`needs_model`), at most
    ``max_pages``: source id -> grounded products, and notes naming what was dropped as not in the page."""
    wanted = [p for p in pages if needs_model(p)][:max_pages]
    found: dict[str, list[PageProduct]] = {}
    notes: list[str] = []
    for page in wanted:
        answer = await calls.ask(ROLE, [
            {"role": "system", "content": (
                "You read one web page for a shopper. Name the products it describes and, for each, the specs and "
                "offers it states, copying every name, value and price exactly as the page writes it (with its "
                "unit or currency). Leave out anything the page does not write. Answer JSON {\"products\": [{\"name\","
                " \"brand\", \"model\", \"specs\": [{\"attribute\", \"value\"}], \"offers\": [{\"price\", "
                "\"merchant\", \"condition\", \"availability\"}]}]}.")},
            {"role": "user", "content": f"Shopper's question: {question}\nPage title: {page.title}\n\nPage text:\n"
                                        f"{page.text[:MAX_CHARS]}"},
        ], schema=PageAnswer, max_tokens=900, deadline_s=DEADLINE_S)
        if answer is None:
            continue
        value: PageAnswer = answer.value
        products, dropped = grounded(value, page.text[:MAX_CHARS])
        if products:
            found[page.source_id] = products
        if dropped:
            notes.append(f"the model's reading of {page.title!r} named what the page does not write, left out: "
                         + "; ".join(dropped[:6]) + (" ..." if len(dropped) > 6 else ""))
    return found, notes


async def analyse_run(settings: DomainShoppingSettings, question: str, pages: list[SourcePage], run_id: UUID,
                      calls: ModelCalls | None) -> Analysis:
    """The run's shopping analysis: with a model (``calls``), the pages without structured data are read by it
    first (:func:`read_pages`), then the offline engine analyses every page; without, the offline engine alone.
    ``engine`` and ``degraded`` of the result say which served."""
    extra: dict[str, list[PageProduct]] = {}
    notes: list[str] = []
    if calls is not None:
        extra, notes = await read_pages(calls, question, pages)
    analysis = await asyncio.to_thread(analyse_with_settings, settings, question, pages, run_id,
                                       model_products=extra)
    analysis.notes.extend(notes)
    if calls is not None:
        analysis.engine = calls.engine(offline_used=True)
        analysis.degraded = calls.degraded
    return analysis
