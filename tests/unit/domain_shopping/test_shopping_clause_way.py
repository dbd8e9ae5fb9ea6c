"""An independent test's sentence says a product is ahead on the attribute asked only by the way the clause speaking
of it goes (issue 15, trial t53s S4: "... weighs 422 g, more than twice the Glide 7, and its battery lasted only 3
weeks" was read as that product ahead on battery life, so the best overall was said contested at 0.60 low).
Invented headlamps."""

from __future__ import annotations

from services.domain_shopping.attributes import said_way
from services.domain_shopping.offline import clause_way

SENTENCE = ("The Brill H2 is not worth it for long hikes: it costs $35, weighs 210 g, more than twice the Orvo, and "
            "its battery lasted only 12 h.")


def test_a_comparative_of_another_clause_says_nothing_of_the_attribute_asked() -> None:
    assert said_way(SENTENCE) == 1  # the whole sentence's first comparative is the weight's
    assert clause_way(SENTENCE, ["battery life"], {"[time]"}) == 0


def test_a_clause_saying_the_way_of_the_attribute_asked_says_it() -> None:
    assert clause_way("In our test the Brill H2's battery lasted longer, 45 h on one charge.", ["battery life"],
                      {"[time]"}) == 1
    assert clause_way("The Brill H2 is heavy, but it has the longest battery life we measured.", ["battery life"],
                      {"[time]"}) == 1
