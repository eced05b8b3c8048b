"""Naming the cards in a frame by their faces, only when sure.

Each card-shaped outline in the frame (finder.OutlineSearch) is put upright and judged:

- by the face network (face_net.py), which knows no deck: it says how alike the view is to each
  face the players taught (net_judge.NetJudge), and is sure of a card when the view is very like
  one taught card and clearly more like it than like any other card of the deck (a 2 and a 3 of
  one suit, a white and a yellow card under a warm lamp);
- by the pixel judge (pixel_judge.PixelJudge), which compares the view with the taught faces
  pixel by pixel under the light fitted for each, and asks a discriminant learned from the deck
  to agree.

A card is named only when one judge is sure of it and the other does not point elsewhere (or
finds another rank of its suit all but as near, the rank told; or, where no judge's card is
seconded so, the figure in its corners tells its rank and both agree on its suit, or all three
agree on the card, or the corners tell the network's card), and the view shows the card's print
(PixelJudge: no more than MAX_BARE_RATIO times as far from the card as from a bare card of its
paper, so that a lined notebook is not a faintly printed white 1); or, last, where the network is
unmistakably sure of its card and no judge points elsewhere:

- the pixel judge sure of the card, and the network finding it nearest, the view at least
  somewhat like a taught face (the network's MIN_LIKENESS: a lined notebook the pixel judge took
  for a white 1 with a thin figure was 0.36-0.44 like it), or, on a first-look outline, finding
  another rank of its suit nearest and the card all but as near (within its MIN_GAP: a white
  deck's faint figures), the view as like it as the three judges' agreement asks
  (AGREED_LIKENESS); where the network finds another rank of the suit all but as near (a deck's
  thin roman V and II, a rainbow 5 the pixel judge took for the 2), the rank must be told, by
  each rank corner of the discriminant (PixelJudge.rank_told) or, the view very like the card,
  by each corner's figure matching it better than any other rank's by AGREED_MARGIN
  (figures.FigureJudge; against the network's nearest card, only where no card is nearer pixel
  by pixel: a white 4 under an orange lamp taken for the 1); a faint figure the discriminant
  names no card of, on the network's nearest card, is left to the pixel judge's first judge, as
  sure as it must be of a deck of one card, where the figures do not match another rank better
  (FAINT_AGAINST_MARGIN); where the network is less than very sure of its nearest card and the
  discriminant's rank corners do not tell its rank, or they alone told a rank the network finds
  another all but as near as, neither corner's figure may match another rank of its suit better
  by AGAINST_MARGIN (a white 2 the pixel judge took for the 3); where the pixel judge's rank
  rests on the discriminant's rank corners alone (its first judge sure of the suit only) and the
  network's nearest or next card is another rank of the suit, nearer pixel by pixel, each
  corner's figure must tell the card's rank by AGREED_MARGIN (a white 5 outlined with its
  shadow's rim, as the 1 was taught, named the 1: _corners_outvoted);
- the network sure of the card, the pixel judge sure of none, and the view as close to the
  card's taught face, pixel by pixel, as the pixel judge asks of a card it names on a first look
  (MAX_RESIDUAL; FAR_RESIDUAL where the network is very sure), among the cards it finds nearest
  (within RIVAL_RATIO of the nearest), and the pixel judge's discriminant naming the card too,
  by its rank corner, its suit and all told, the whole card as far from its taught views as it
  may be and a part a thumb or a glare spoiled overlooked while the rest tells the card
  (PixelJudge.learns: a lined notebook the network took for a rainbow 2 it did not), and, where
  the network is less than very sure, the card's rank not in doubt pixel by pixel (in doubt:
  another rank of its suit within CONTENDER_RATIO of the card's residual, and neither each rank
  corner nor each corner's figure, by AGREED_MARGIN, telling the card's rank, the rank corners
  telling it only where no corner's figure leans to another rank by RANK_AGAINST_MARGIN; a
  washed-out white 2 the network took for the 1, a red 3 outlined with a rim of the cloth that the
  rank corners took for the 1); unless the network is all but certain of the card
  (CERTAIN_LIKENESS, CERTAIN_GAP) and the view is within MAX_RESIDUAL of it (on an outline of a
  later look, the pixel judge finding it nearest and its figure not against it), or the network
  finds the view very like the card (STRONG_LIKENESS), the pixel judge finds it nearest and within
  its limit (FAR_RESIDUAL where the network is very sure), each corner's figure matches it better
  than any other rank's by AGREED_MARGIN (FIGURE_MARGIN on an outline of a later look), the
  discriminant's whole card tells its suit and its rank corners tell no other rank (a pale deck's
  faint figures, which the discriminant all but loses). Where the pixel judge finds another card
  a little nearer (under a lamp two ranks of one suit, or one rank in two suits, may be about as
  near; a rainbow card's stripes may put it nearer another rainbow card), only on an outline of
  the first look: the network very sure of the card (each rank corner telling its rank where the
  nearer card is another rank of its suit), or finding the view very like it (STRONG_LIKENESS)
  with each rank corner telling its rank, or all but certain of it with the discriminant's whole
  card telling its suit. Where the network is less than very sure of the card, neither corner's
  figure may match another rank of its suit better by AGAINST_MARGIN (an outline run askew
  across a card's border, a blue 5 taken for the 2), nor may both corners' figures be nearer in
  colour to the same rank of another suit by COLOUR_AGAINST_MARGIN (a rainbow 1 blurred all but
  to red); and a white or a rainbow card (HUELESS_SUITS) the network finds less than
  FIGURE_LIKENESS like the view is not named so unless each corner's figure matches it better
  than any other rank of its suit by HUELESS_FIGURE_MARGIN (a dim white 2 taken for the 1) and
  none matches another rank better inside the corner's rim by AGAINST_MARGIN (AGREED_MARGIN on a
  view with a dark rim all round, as below; a lined notebook, its margin line a white 1's bar):
  the rules below may name such a card, each by what it asks of the figures and the colours;
- the rank told by its figure alone (figures.FigureJudge), where the network's nearest card is
  not seconded so: the network finding the view very like the card and sure of it or at least of
  its suit (the card after it of the same suit), the pixel judge's nearest card of the same suit
  and the card within its limit, the discriminant's whole card telling the suit, and each
  corner's figure matching the card's taught figure better than any other rank's by
  FIGURE_MARGIN (a deck whose ranks differ only by a small figure in the corners: the pixel
  judge and the discriminant, which see the corners shrunk beside the whole card, find its ranks
  all but the same); or, on a first-look outline, the pixel judge's nearest card told so, the two
  judges' parts turned about: the network finding the view as like it and within its MIN_GAP of
  its nearest card, another rank of the suit, and no card nearer pixel by pixel (a white deck's
  faint figures, which the network cannot tell apart);
- the rank told by its figure against the pixel judge, where the network is sure of the card
  and finds the view very like it (STRONG_LIKENESS) but the pixel judge finds another rank of
  its suit nearer, however far the card itself (a rainbow card whose stripes lie across the
  view a little off the taught face's, nearer another rank's stripes): on an outline of any
  look, the pixel judge sure of no card, the discriminant's rank corners not telling its
  nearest card and its whole card telling the suit, each corner's figure matching the card
  better than any other rank's by FIGURE_MARGIN (AGREED_MARGIN where the discriminant's rank
  corners tell the card), and the view showing the card's print;
- the rank told by its figure where the network finds two ranks of a suit all but as near (within
  its MIN_GAP) and no rule above names either, on an outline of any look but what differs from the
  cloth (whose corners are the least sure: a yellow 3 whose outline cut a bar off each corner's
  figure was taken for the 2 there): the network's nearest card, its next and the pixel judge's
  nearest of the same suit, the pixel judge sure of no card (nor its first judge of another), the
  discriminant's whole card telling the suit and its rank corners no other rank, the view within
  FAR_RESIDUAL of the card, no card nearer pixel by pixel but for a rainbow card (a pale white 3
  under a pink lamp, the 3 nearest, had figures matching the 5) and the view showing its print, and
  each corner's figure telling its rank as where the figure outweighs the pixel judge (a blue 2
  whose art a finger half hid where a 3 has its third dot, 0.71 like the 2 and 0.70 like the 3 for
  the network; its corners showed two dots);
- all three agreeing, where no rule above names the card: on a first-look outline, the network
  finding the view very like the card (AGREED_LIKENESS), nearest it and sure of its suit, the
  pixel judge finding it nearest too and no card nearer pixel by pixel, the view within
  AGREED_RESIDUAL of it and the discriminant's whole card telling the suit, and each corner's
  figure matching it better than any other rank's by AGREED_MARGIN (a white deck whose faint
  figures the network and the discriminant cannot tell apart, but the figure judge, matching
  the corners at full size, can);
- the corners telling the card, where no rule above names it, on an outline of any look (a view
  too far from its taught face for the pixel judge to second it: a glare, a blur, a rainbow
  card's stripes lying off the taught face's): the network sure of the card and finding the
  view very like it (STRONG_LIKENESS), the pixel judge sure of no card (nor its first judge of
  another) and the card among its near cards; the rank told by each corner's figure (by
  AGREED_MARGIN; by FIGURE_MARGIN on a later look's outline, and, unless each rank corner of the
  discriminant tells it, where the network is less than very sure and its next card is another
  rank of the suit or the pixel judge's nearest card is) and no other rank by the
  discriminant's rank corners; where the pixel judge's nearest card is another rank of the suit,
  the card within CONTENDER_RATIO of that card's residual; the suit told by the discriminant's
  whole card and by the pixel judge's nearest card or the colour of each corner's figure
  (COLOUR_SUIT_MARGIN, corner_colours.CornerColourJudge), never both corners' figures nearer in
  colour to the same rank of another suit (COLOUR_AGAINST_MARGIN); and the view showing the card's
  print;
- the network alone, where no rule above names its card, on an outline of any look: the network
  finding the view UNMISTAKABLE_LIKENESS like the card and UNMISTAKABLE_GAP ahead of every other
  card, however far the view from its taught face pixel by pixel and whether or not the pixel
  judge sees its print (a lamp, a blur, a glare, an outline a few pixels off: what the network was
  trained to overlook), while no judge points elsewhere: the pixel judge sure of no card (nor its
  first judge of another), no corner's figure against the card (AGAINST_MARGIN), the
  discriminant's rank corners telling no other rank of its suit, and never both corners' figures
  nearer in colour to the same rank of another suit (COLOUR_AGAINST_MARGIN). The wrong cards and
  the things not cards the network has been sure of were less like them or less far ahead (a lined
  notebook 0.83 like a white 1 and 0.28 ahead, corpus B, seed 467; a green 2 cut short 0.50 ahead
  of the 1 but 0.82 like it);
- the network very sure of its card, where no rule above names it, on an outline of any look, and
  each other judge leaning its way though sure of nothing (a view too far from its taught face for
  any of them to second it): the pixel judge sure of no card (nor its first judge of another), the
  card among its near cards and its print shown, and asked of the rank only: no other rank of the
  suit nearer, nor the card's rank in doubt pixel by pixel (as where the network is less than very
  sure of a card the pixel judge seconds; a red 5 whose ranks were all within 14% of one another
  pixel by pixel and whose figures told no rank was named the 1 without it); the suit told by the
  discriminant's whole card, and its rank corners telling no other rank; each corner's figure, whole
  and inside the rim, nearer another rank of the suit by less than AGAINST_MARGIN if at all (by less
  than AGREED_MARGIN inside a dark rim all round; figures that tell nothing do not lean its way);
  never both corners' figures nearer in colour to the same rank of another suit; and a white or a
  rainbow card only where the view is FIGURE_LIKENESS like it (FaceReader._very_sure_unopposed).

Wherever the figures alone tell the rank (the rules above whose reads are named by "figures",
FaceRead.by), neither corner's figure may match another rank of its suit better by
AGAINST_MARGIN inside the corner's rim (figures.FigureJudge.inside_margins, without figures.RIM
outer pixels): an outline on a card's dark outer edge shows the edge as a band along each corner,
and a face of the suit taught from its outer edge shows the band too, while the suit's other
faces, taught from their printed border, do not; the band, not the figure, then decides the match
(a washed-out white 5 and a white 3 under a glare, taken for the white 1 of a deck whose 1 and 4
were taught with the band: corpus A, seeds 424 and 428, unseen when they were measured). Where the
view shows a dark rim all round (figures.rim_darkness, DARK_RIM: its outline took in the card's
shadow), another rank's figure better inside the rim by AGREED_MARGIN is enough against the card: a
pale white 3 under a pink lamp so outlined, in a deck whose white 5 alone of the white ranks was
taught with such a rim, matched the 5 by 0.33 and 0.41 whole but another rank better by 0.05 in one
corner inside the rim, and was named the 5 (corpus A, seed 1037, unseen when it was measured). The
doubt on a white or a rainbow card the network is less than very sure of asks the same.

Where the camera saturated much of the view (SATURATED_SHARE of its pixels), a card is named, by
any rule above, only where no card of its rank in another suit comes within SUIT_RIVAL_RATIO of it
pixel by pixel with the saturated pixels let be as bright as a stronger lamp would make them
(PixelJudge.saturated_residuals: a white card's grey disc turned red by an orange lamp is not a red
card), unless the network finds the view SATURATED_LIKENESS like the card and each corner's figure
is nearer in colour to the card than to that rank of any other suit by SATURATED_COLOUR_MARGIN (a
white card under a strong lamp, as near its yellow card pixel by pixel once the saturated paper is
let be).

The two see different things (the network what its training taught it to overlook, the pixel
judge what differs under this light), each is sure of views the other is not, and where the
pixel judge is sure of a card and the network finds another clearly nearer, or is sure of a
card other than the network's, neither names one (a white 5 the pixel judge took for the 1 was
nearer the 3 for the network, by 0.15).

Where the outlines of the frame's edges name nothing, the reader looks again: at what stands out
from the cloth's colours (a card a finger lies across, without the finger), then at faint edges (a
dark card on a dark cloth), then at what differs from the cloth in colour and grain taken together
(a dark card on a dark woven cloth, its colours among the weave's; a blob that a finger or a glare
joined to the card, looked at with them cut off). Those outlines are less sure to be the card's own
(a blob may lose a corner to the cloth, a faint edge run along the card's shadow): the pixel judge
names a card on them only as close to its taught face as SECOND_LOOK_MAX_RESIDUAL, the card the
network is sure of must be the pixel judge's nearest and the view at least SECOND_LOOK_LIKENESS like
it (its figures matching it by FIGURE_MARGIN where they second it; where the pixel judge and the
discriminant second it and the view is less than STRONG_LIKENESS like it, each corner's figure leaning
to it by LATER_LOOK_FIGURE), or the network's nearest card be
told by its figures (as on a first look, or against the pixel judge's nearer card, its first judge
sure of none even before the stricter limit), or by its corners (as on a first look, the figures
matching it by FIGURE_MARGIN, the pixel judge's first judge sure of no other card before the
stricter limit); the pixel judge's card is named only where the network finds it nearest, no card is
named on them where a corner's figure matches another rank of its suit better by AGAINST_MARGIN,
however sure the network is (a rainbow 5 whose faint outline cut off a corner, which both judges
took for the 4), and neither the three judges' agreement alone nor the figures of the pixel judge's
nearest card name anything on them.

Where still no card is named, each outline whose view the network is sure of and finds very
like its card (STRONG_LIKENESS) is judged again shrunk and grown a little about its middle (RESIZED),
by the rules of the look that found it, and names that card, and no other, if one of them does: an
outline a pixel or two off the card's edge takes in a rim of the cloth or loses one of the card's.
It is not judged again where the outline as found casts doubt on the card (its print not shown, a
corner's figure against it, its rank in doubt pixel by pixel), however sure the network is, nor
where the network is less than very sure of it and its corners' colours or, for a white or a
rainbow card, its weak figures doubt it (FaceReader._network_doubted).

An outline may also be the card's printed border, inside the card's own outline: a card named on
it is not named where an outline that holds it and is bigger (HELD_SHARE), the network finding that
view all but as like a taught face, has both corners' figures matching another rank of the suit
better by AGAINST_MARGIN (FaceReader._held_figures_outvoted: a border cuts a roman II to an I).

An outline may also be a part of something bigger: a card named on one the network finds less
than very like the card is not named where a card-shaped thing standing out from the cloth holds
it and is much bigger (PART_SHARE: a strip of a lined notebook's page, between two of its
lines), nor where such a thing of any size, one on the other with it (holding it or held by it),
is another card that the network is sure of and finds very like (STRONG_LIKENESS: an outline
short of a roman IV's V, its figures cut to an I). Nor is a card named, however like its view,
where the thing goes on past a side of the outline (most of a strip just outside that side
stands out from the cloth, BEYOND_SHARE): the outline is a part of a card cut short, by a streak
of glare across it or along its printed border, and a part shows fewer figures than the card,
so a lower rank of its suit (a card of the suit's highest rank is named still).

A thing may be outlined more than once (by its edge, by a border printed on it, by an outline cut
across it): it is named by its outline most like a taught face among those that name a card
(one_per_thing), and names nothing where another of its outlines that the network finds all but as
like a taught face (within its MIN_GAP) names another card or finds the pixel judge sure of one,
unless the network finds that outline's view nearest the card named; nor, where the pixel judge
named the card, where another of its outlines finds another rank of the suit nearest by both
judges, the network all but as like it (at least as like it, where the network is sure of the card
on the outline that named it) and the pixel judge the card named out of contention
(CONTENDER_RATIO): an outline a few pixels off the card's edge shifts the view's figures towards
where another rank's were taught, and the pixel judge follows the shift.

Whatever rule names a card, the thing names nothing where the figure in each corner of the
outline that names it is nearer in colour to the same rank of another suit, by COLOUR_MARGIN
(corner_colours.CornerColourJudge, the view seen under the light that makes its whole card most
like the card's): a deck may print the suit of a card only in the colour of its corner figures
(a red 1 and a rainbow 1 with the same art, the bars in the corners red on one and purple on the
other), which the figure judge sees in grey and the other judges weigh little beside the whole
card.

A card's back, a phone, or a blurred glimpse gives nothing, and the table falls back on the
picker. A card outside the variant's deck is never named, and neither is a card of a suit not
all taught (an untaught rank would be named as the taught rank it looks most like).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from companion.faces import features
from companion.faces.corner_colours import CornerColourJudge
from companion.faces.deck_file import Deck
from companion.faces.finder import OutlineSearch, Quad, inside_a_bigger_one, one_on_the_other, upright_face
from companion.faces.figures import DARK_RIM, FigureJudge, rim_darkness
from companion.faces.net_judge import MIN_GAP, NetJudge, NetVerdict
from companion.faces.pixel_judge import (CONTENDER_RATIO, SECOND_LOOK_MAX_RESIDUAL, PixelJudge, PixelVerdict,
                                         shown_cards)
from companion.rules.cards import parse_card
from companion.rules.variants import Variant


# where the pixel judge finds another card a little nearer than the one the network is sure of
# (under a lamp two ranks of one suit may be about as near, pixel by pixel), the network must
# find the view this like its card (of such right reads on the benchmark, about 5% were less),
# and, where the nearer card is another rank of the suit or the network is less than very sure,
# each rank corner of the discriminant tell its rank (a white 4 the network took for the 3 at
# 0.94 had a rank corner nearer another rank)
STRONG_LIKENESS = 0.8
# where the network is very sure of its card (STRONG_LIKENESS, and SURE_GAP_FACTOR times the gap
# it asks), the view may be this far from its taught face, pixel by pixel (a glare, a blur, a
# thumb; a rainbow card's stripes; MAX_RESIDUAL otherwise), the discriminant naming the card (or
# the figures seconding it: see AGREED_LIKENESS):
# where the pixel judge finds the card nearest, on 16 tuned seeds of each corpus 0.4% and 0.9%
# more card frames named on first-look outlines, none wrong, and on 8 tuned seeds none and 0.3%
# more on outlines of a later look, none wrong; where it finds another card a little nearer, on
# a first-look outline only, on 8 tuned seeds 0.1% and 0.5% more, none wrong
SURE_GAP_FACTOR = 2.0
FAR_RESIDUAL = 0.6
# where the network is all but certain of its card (this alike, and this far ahead of every other
# card), the view within the pixel judge's own limit of it (MAX_RESIDUAL), the discriminant need not
# second it: a deck printing its rank as a small figure in the corners only is told by the network
# and the pixels, not by the discriminant's coarser corners. Of the views on 20 tuned seeds of each
# corpus that both judges took for the same wrong card, none was more than 0.21 ahead for the
# network (a lined notebook, 0.80 alike), the next 0.16 (a white 2 whose outline cut off its corner,
# taken for the 3): 1.2 and 0.9 more points of the card frames named, none wrong. Where the pixel
# judge finds another card a little nearer, the discriminant's whole card must tell the card's suit:
# on 8 tuned seeds, 0.7% and 0.1% more, none wrong. On an outline of a later look too, where the
# pixel judge finds the card nearest and the figure is not against it (as a later look asks of every
# card the network is sure of): on 41 tuned seeds of each corpus (360-400), 6 and 6 more card frames
# named, none wrong (with the discriminant's whole card telling the suit where the pixel judge finds
# another card nearer, as on a first look, 10 and 10, none wrong, left out: a later look keeps the
# pixel judge's nearest). Of the later looks' views there of a wrong card or of no card, CERTAIN_GAP
# ahead, none was more than 0.79 alike (lined notebooks taken for a white 1, whose print the view
# does not show), and none showing a card's print more than 0.69
CERTAIN_LIKENESS = 0.85
CERTAIN_GAP = 0.25
# where the figure judge tells the rank (figures.py), the network must find the view this alike
# to the card, and each corner's figure match the card better than any other rank of its suit by
# this much. On 8 tuned seeds of each corpus, of the first-look views the other judges left open
# to it, 52 were of a wrong card: none reached 0.08 (the most, 0.075, a green roman II outlined
# inside its printed border, the figure cut to an I, 0.81 alike); 71-76% of the views of the
# right card did. Where the network finds the view very like the card and sure of it or of its
# suit, on an outline of a later look too: on 8 tuned seeds, 0.2% and 0.6% more card frames
# named, none wrong. The same rule with the judges' parts turned about (the pixel judge's nearest
# card, the network finding it all but as near as its own nearest, another rank of the suit), on
# first-look outlines: on 24 tuned seeds of each corpus (32-39, 202-217), of the 114 such views
# with no card nearer pixel by pixel, 42 were of a wrong card, none with figure margins above 0 (a
# white 5 taught with a rim, taken for the 4); 0.3% and 0.1% more card frames named, none wrong.
# Where the network is sure of its card and finds the view very like it but the pixel judge
# finds another rank of its suit nearer (a rainbow card's stripes lying a little off the taught
# face's), on the same seeds 9 of 780 such views were of a wrong card, one with figure margins
# above -0.05: a red roman II outlined inside its printed border, its corner figures cut to an
# I, 0.043 for the 1 (corpus B, seed 39), the discriminant's rank corners not telling the 1;
# FIGURE_MARGIN, or AGREED_MARGIN where they tell the card: 0.2% and 0.7% more, none wrong
FIGURE_LIKENESS = 0.85
FIGURE_MARGIN = 0.08
# where the network is sure of a card but less than very sure, a corner's figure matching another
# rank of its suit better by this much forbids naming it: a white 3 whose outline ran askew
# across it was 0.67 like the white 1 and 0.20 ahead of the 3, a blue 5 0.86 like the 2 and 0.07
# ahead, the pixel judge nearest the same wrong card and its discriminant naming it, a corner's
# figure matching another rank better by 0.10 and 0.16 (corpus B, seeds 116 and 119, looked at
# after they were measured); on 8 tuned seeds of each corpus, 0.05% fewer card frames named on
# each (the margin that lets a figure name a rank). On an outline of a later look, it forbids
# any card, the pixel judge's too, however sure the network is: a rainbow 5 whose faint
# outline cut off its bottom corner was 0.92 like the 4 for the network, 0.21 ahead, the pixel
# judge sure of the 4 too, and that corner's figure matched the 5 better by 0.19 (corpus A,
# seed 143, looked at after it was measured); on 8 tuned seeds of each corpus, no card named on
# such an outline had a figure against it. Where the network is less than very sure of the card
# the pixel judge is sure of and the discriminant's rank corners do not tell its rank, on a first
# look too: a white 2 the pixel judge took for the 3, the network 0.98 like the 3 but only 0.10
# ahead, and each corner's figure matching the 2 better by 0.09 (corpus A, seed 172, looked at
# after it was measured); on 8 tuned seeds of each corpus, of the 171 and 550 outlines the pixel
# judge named with the network less than very sure, none had a figure against it (the rank
# corners are asked first: matching the figures for every such outline cost about 0.1 of bare
# pyzbar's time on corpus B). Where they tell it, but the network finds another rank of the
# suit all but as near, the figure is asked all the same: a rainbow 2 taught from a photo whose
# outline took in a strip of cloth, its dots off their place, was 0.887 like the 3 and 0.881 like
# the 2 for the network, the pixel judge sure of the 3 (the 2 not within RIVAL_RATIO) and each
# rank corner of the discriminant telling the 3; its figures matched the 3 worse than another
# rank by 0.10 (corpus B, seed 391, unseen). On seeds 386, 387 and 391 of both corpora, of 1,099
# outlines the pixel judge named, it was the only one the network was less than very sure of whose
# figure was against it. Inside the corners' rim (figures.RIM), where the figures alone tell the
# rank, it stops a card whose corners' match was the card's dark edge, not its figure (the white 1
# of a deck whose 1 was taught with that edge along its outline, the 3 and the 5 without: corpus A,
# seeds 424 and 428, looked at after they were measured): it changed no read on the frames of seeds
# 401-409 of corpus A and 402-409 of corpus B (5,304), nor on eight seeds of each corpus unseen when
# it was made (434-441: 4,992 frames)
AGAINST_MARGIN = 0.08
# where the network cannot tell the pixel judge's card from another rank of its suit and the
# discriminant names no card (a faint figure, named by the pixel judge's first judge alone), the
# figures may not match another rank better by as much as the three judges' agreement asks the
# other way (AGREED_MARGIN): a rainbow 3 a thumb half hid, the pixel judge sure of the 2, the
# network 0.01 ahead for the 2, matched the 3 better by 0.065 in each corner (corpus A, seed 191,
# looked at after it was measured); of 46 such reads named right on 11 seeds, the least leaned to
# the card by 0.010. A corner with no figure to see (a glare) matches every rank alike: no margin
FAINT_AGAINST_MARGIN = 0.02
# where the pixel judge finds another rank of the card's suit all but as near and the figures do
# not tell the card (_rank_in_doubt), the discriminant's rank corners tell its rank only where no
# corner's figure matches another rank of the suit better by this much: a dark red 3 whose
# first-look outline took in a rim of the cloth along two sides, its corner figures off their
# place, was named the 1 by the network (0.86 like it, 0.07 ahead of the 5), the pixel judge
# nearest the 1 with the 2 and the 3 within 1.01 and 1.08 times as far and the rank corners
# telling the 1 by 14 and 16; each corner's figure matched the 3 better, the least by 0.025
# (corpus A, seed 947, unseen when it was measured). Read with it on seeds 937-960 of both corpora
# (11,520 card frames and 3,456 without a card), that frame named nothing and no other frame's
# outcome changed. It stops a known misread too: an empty purple cloth with a pale glare, 0.87 like
# a white 1 for the network, the rank corners telling the 1 by 9 and 8, its figures leaning away by
# 0.05 (corpus A, seed 522)
RANK_AGAINST_MARGIN = 0.02
# on an outline of a later look (what stands out from the cloth, faint edges), less sure to be a
# card's own, the network must find the view at least this like the card it is sure of: a lined
# notebook such a look found was 0.66 like a cream deck's white 1, 0.31 ahead of any other card,
# and the pixel judge found it nearest, its discriminant naming it (corpus B, seed 113, looked at
# after it was measured); on 8 tuned seeds of each corpus, the right cards named on such outlines
# were 0.73 alike or more
SECOND_LOOK_LIKENESS = 0.7
# ... and where it finds the view less than very like the card (STRONG_LIKENESS), each corner's
# figure must lean to the card by this much: a blurred green 4 of a deck printed with pips,
# outlined by a later look inside its edge so that the pips were cut off, was 0.75 like the
# green 1 for the network and nearest it for both other judges, its figures telling nothing
# (margin 0; corpus A, seed 357, unseen when it was looked at). No margin (-inf: the figures
# cannot tell the suit's ranks) is not enough either. On tuned seeds (300-303 of each corpus,
# 304 of B) it left one right card unnamed (a green 5 whose figures leaned to another rank by
# 0.056; the least right margin there was 0.022), and on 8 unseen seeds of each (362-369) it
# changed no read
LATER_LOOK_FIGURE = 0.01
# where all three judges agree on a card and no other rule names it (a white deck whose faint
# figures neither the network nor the discriminant tells apart), the network must find the view
# this like it, the view be this near it pixel by pixel, and each corner's figure match it by
# this much. On 8 tuned seeds of each corpus, of the views the network and the pixel judge both
# found nearest another rank of the suit (24), one had figure margins above 0 (0.075: a green 2
# whose outline cut its figure to the 1's, 0.81 alike, which the likeness asked stops); 0.8 and
# 0.3 more points of the card frames named, none wrong. A rainbow 1 both took for the red 1
# (corpus B, seed 118, looked at after it was measured) is why the suit must be told too, and a
# washed-out white 3 all three took for the 2, the 3 nearer pixel by pixel (the pixel judge's
# nearest card is the one of those all but as near leaning most clearly towards itself; corpus A,
# seed 205, looked at after it was measured) why no card may be nearer pixel by pixel.
# Where the pixel judge is sure of a card and the network finds another rank of its suit
# nearest, it must find the view as like the card: a red 5 whose outline cut off the top of its
# figure, 0.82 like the 3 for the network and 0.78 like the 2, the pixel judge sure of the 2 and
# the rank corners telling it, and a rainbow 5 under a dark lamp 0.67 like the 3, the pixel
# judge sure of the 3 (corpus A, seeds 128 and 126, looked at after they were measured); and
# where the figures tell such a card's rank, each must match it by AGREED_MARGIN (a corner with
# no figure to see matches every rank alike, at 0).
# Where the network is sure of a card and finds the view very like it (STRONG_LIKENESS), the
# pixel judge nearest it and within its limit but the discriminant silent, the figures matching
# it by AGREED_MARGIN second it, the discriminant's whole card telling the suit and its rank
# corners no other rank: on 8 tuned seeds of each corpus, 0.3 and 0.2 more points of the card
# frames named, none wrong; of the views the network was sure of and the pixel judge found
# nearest as a wrong rank of the suit, none of those at least 0.8 alike had figure margins above
# -0.07 (but a white 5 taught from an outline that took in a wedge of the cloth had, corpus B,
# seed 12: the discriminant told the 5). The view may be as far as FAR_RESIDUAL where the network
# is very sure, and the outline a later look's where the figures match by FIGURE_MARGIN: on 24
# tuned seeds of each corpus (32-39, 202-217), of the 1,840 views both judges found nearest a
# card the network was sure of, the pixel judge sure of none, 5 were of a wrong card, none with
# figure margins above 0.004; 0.1% and 0.2% more card frames named, none wrong
AGREED_LIKENESS = 0.9
AGREED_RESIDUAL = 0.3
AGREED_MARGIN = 0.02
# a card named on an outline the network finds less than very like it (STRONG_LIKENESS), inside
# a card-shaped thing standing out from the cloth at least this many times its area, is not
# named: the outline is a part of that thing. A strip of a lined notebook's page, between two of
# its lines, was named a cream deck's white 1 (a thin bar), 0.79 alike for the network, the pixel
# judge sure and the figures matching the 1 by 0.2 (corpus B, seed 140, looked at after it was
# measured); the page, found by what stands out, was 3.3 times the strip. Two cards lying side
# by side stand out as one card-shaped thing about twice as big as either, and a card whose
# outline is the border printed on it (taught as the card's where at least teach.NESTED_SHARE of
# it) is at most 1.7 times smaller than the card: both are still named. On 4 tuned seeds of each
# corpus, no card frame fewer was named, with the likeness asked or without it (looking for what
# stands out on every frame a card is named in costs about 0.1 of bare pyzbar's time, and is why
# only a view less than very like its card is looked at so)
PART_SHARE = 2.5
# an outline holding a named one and at least this many times as big is taken for the card's own,
# round its printed border (FaceReader._held_figures_outvoted); a border printed on a card leaves
# at least 1/1.7 of its area (PART_SHARE above)
HELD_SHARE = 1.05
# a card named on an outline past a side of which the thing goes on (this share of a strip just
# outside the side stands out from the cloth: finder.OutlineSearch.beyond_sides) is not named:
# the outline is a part of the card, cut short, and its view may lack what the rest of the card
# shows. A green 2 outlined short of its second diamond, along a streak of glare across it, was
# named the 1 by the network (0.82 alike, 0.50 ahead; corpus B, seed 525); a white 2 outlined so
# the 1 (corpus B, seed 450); a yellow roman III outlined along the border printed on it, its
# corner figures cut to a II, the II (corpus B, seed 517): 0.81-1.0 of a side's strip. A part of a
# card shows fewer of its figures, never more: a card of the highest rank of its suit is named
# still. Beyond a card's own edge lies the cloth: of the 5,484 cards named right on seeds 401-412
# of both corpora, 3 had 0.75 or more of a side's strip standing out (a finger along a side, a
# pale glow under a white 5, a green card's cream rim outside the border it was outlined by)
BEYOND_SHARE = 0.75
# a named card's corner figures nearer in colour to the same rank of another suit, each by this
# (corner_colours.CornerColourJudge), name nothing: a red 1 whose art its deck's rainbow 1 shares,
# the suit told only by the colour of two bars in its corners, was named the rainbow 1 by the
# network, seconded by the grey figures (corpus B, seed 229; each corner 0.41 or more). On 24
# seeds of each corpus (210-233), no card named right came to more than 0.23 in both corners (a
# blue 4 under an orange lamp), measured with the light fitted on the whole card, corners and
# all; with the light fitted as now, on 8 more seeds of each corpus (234-241) it withheld one right
# read, under a lamp now left to corner_colours.COLOUR_TINT, and on those and 8 more none
COLOUR_MARGIN = 0.3
# where the corners tell a card the network is sure of and no judge seconds (_corners_tell): each
# corner's figure this much nearer in colour to the card than to the same rank of any other suit
# tells the suit where the pixel judge's nearest card is of another suit, and both corners this
# much nearer another suit's forbid the card. From the judges' verdicts recorded on 24 tuned seeds
# of each corpus (218-241), the rank asked as on a first look only and the pixel judge's nearest
# card of another rank not asked: with no colour asked, 0.8 and 1.1 points more card frames named,
# two wrong (the two frames of a red 1 taken for the rainbow 1, corpus B, seed 229, each corner
# 0.42 and more nearer the red 1's colour: COLOUR_MARGIN withholds them too); with the colour
# required to tell the suit of every card, 0.4 and 0.4 points, none wrong; as here, 0.7 and 0.7
# points, none wrong. With the rank asked as now (FIGURE_MARGIN on a later look's outline and
# against the pixel judge's nearest card of another rank, as the figure asks where it outweighs
# the pixel judge), 0.2 and 0.5 points, none wrong
COLOUR_SUIT_MARGIN = 0.05
COLOUR_AGAINST_MARGIN = 0.1
# a card the network is sure of but less than very sure, seconded by the pixel judge's nearest card
# or the figure (_seconded), is not named on the network's word where both corners' figures are
# nearer in colour to the same rank of another suit by COLOUR_AGAINST_MARGIN (a pale rainbow 1 whose
# striped star blurred all but to red, 0.89 like the red 1 and 0.10 ahead, the pixel judge nearest
# the red 1 and its discriminant naming it: 0.37 and 0.10 nearer the rainbow 1's colour; corpus B,
# seed 690, unseen when it was measured), and, for a card of a suit whose figures have no hue of
# their own to stand out by (a white card's, pale on a light card or dark on a dark one; a rainbow
# card's, striped), that the network finds less than FIGURE_LIKENESS like the view, nor unless each
# corner's figure matches it better than any other rank of its suit by HUELESS_FIGURE_MARGIN: blur,
# a dim lamp or a glare takes such a figure first (a small dark white 2 in a dim frame, its two bars
# faint, 0.82 like the 1 and 0.07 ahead, the figures leaning to the 1 by 0.05; a blurred dark white
# 4 with a glare across one corner's pips, 0.74 like the 5 and 0.09 ahead, the figures leaning to it
# by 0.08; corpus B, seeds 677 and 682, unseen when they were measured), nor where a corner's
# figure matched inside the corner's rim (_FigureMargins.against_inside) matches another rank better
# by AGAINST_MARGIN: a lined notebook on a purple cloth, 0.70 like a white 1 and 0.26 ahead, its
# margin line and ruled lines matching the 1's bar by 0.11 and 0.12 whole but another rank's figure
# better by 0.67 and 0.17 inside the rim (corpus B, seed 1037, unseen when it was measured); of the
# outlines the network named this way on seeds 1033-1048 of both corpora, no other was so doubted
# (the least inside margin of the other 9 was -0.04; none of their views was measured for a dark
# rim, with which AGREED_MARGIN is asked instead). Before that third doubt was added, from the
# judges' verdicts recorded on 43 seeds of corpus A and 51 of corpus B (22,560 card frames; each
# seed in both corpora but where said: the tuned seeds 401-412 and 450-451; 462, 498, 522, 537, 539,
# 546 and 567, each with a known misread in one corpus; 601-616 and 623-625 of A and 601-627 of B;
# 677, 682 and 690), of the 622 outlines the network named this way, less than very sure, 9 were of
# another card or of no card; the two doubts stop 7 (the other two: a pale white 5 outlined by its
# outer edge, taken for the 2, 0.93 alike; an empty cloth with a glare taken for a white 1, 0.87)
# and 35 outlines named right, of 35 frames: 30 by the figures, 6 by the colours (one by both).
# Where no card of the frame is named, an outline so doubted is not judged again shrunk or grown
# (_doubted: the rainbow 1 above, grown by 3%, was the red 1 for the pixel judge too). The rules
# after the network's may still name a card so doubted, each by what it asks of the figures and the
# colours itself: asking the doubt of them too lost 6 right reads of the tuned seeds where this
# loses 3, and stopped no more wrong ones. Read with the doubts and without, the reader changed 4 of
# the 4,800 card frames of the tuned seeds (corpus A's 401-412 and 450-451, corpus B's 401-404 and
# 450-451: the white 4 of seed 401, once named the 2, now names nothing, and 3 right reads are lost)
# and 10 of the 11,520 of seeds 697-720, unseen (right reads lost; none was wrong)
HUELESS_SUITS = ("W", "M")
HUELESS_FIGURE_MARGIN = 0.1
# a rainbow card's stripes, lying a little off the taught face's, may put another rank of its suit
# nearer pixel by pixel: where the figures tell the network's rank in doubt
# (_figure_tells_doubted_rank), a card of this suit need not be nearest by residual. Asked of every
# suit, that check cost 10 card frames named right on seeds 1009-1032 of corpus B, 8 of them rainbow
# cards, and a rainbow III a test keeps (corpus B, seed 219)
STRIPED_SUITS = ("M",)
# where no card of a frame is named, an outline the network is sure of and finds very like
# its card is judged again shrunk and grown about its middle by these factors (FaceReader._resized),
# unless the view of the outline as found casts doubt on the card (FaceReader._doubted). Without
# that doubt asked, on 8 seeds of each corpus (338-345) 0.8 and 1.0 points more card frames were
# named, none fewer and none wrong, and on 8 unseen seeds (346-353) 1.1 and 0.7 points, none fewer,
# no more wrong; but two frames the tests keep named a card they do not show (a notebook as a white
# 1, a washed-out white 2 as the 1). With it, on 346-353: 0.9 and 0.4 points more, none fewer, no
# more wrong, no frame without a card named
RESIZED = (0.97, 1.03)
# a camera that saturates the card's colours over much of it (SATURATED_SHARE of its pixels with a
# channel at features.SATURATED or more: features.saturated_share) no longer shows how strong the
# lamp is: the light the pixel judge fits to each card is pinned by the saturated paper, and a card
# of another suit that a strong lamp would turn into what is seen looks further than it is (a cream
# deck's white 5, its grey disc turned red by an orange lamp that saturated the red of its paper,
# 0.87 like the red 5 for the network and 1.6 times as far from the white 5 as from the red 5
# pixel by pixel; corpus B, seed 386, unseen). A card is then named, by any judge, only where no
# card of its rank in another suit comes within SUIT_RIVAL_RATIO of it with the saturated pixels
# let be (PixelJudge.saturated_residuals: the white 5's residual was 0.70 times the red 5's). Of the 335
# outlines named right on seeds 386-389 of both corpora with their colours so saturated, 7 came so
# (0.46-0.98: white cards under a lamp, a yellow card of their rank as near, and a blue 1), and
# are held back too
SATURATED_SHARE = 0.4
SUIT_RIVAL_RATIO = 1.0
# ... unless the network and the corners' colours tell the suit together: the network finds the
# view SATURATED_LIKENESS like the card, and each corner's figure is nearer in colour to it than
# to the same rank of every other suit by SATURATED_COLOUR_MARGIN (FaceReader._saturated_suit_told).
# Of the outlines the guard held back on 41 tuned seeds of each corpus (360-400), 357 named the
# card shown (115 frames; most of them white cards under a strong lamp, their yellow card of the
# rank as near once the saturated pixels are let be, the network 0.95-0.99 like the white card and
# both corners 0.2-0.5 nearer its colour) and 3 did not: the white 5 of seed 386 above, 0.85-0.87
# like the red 5, a corner nearer another suit's colour or less than 0.06 nearer the red. With
# both asked, 240 of the 357 named the card again (81 frames), and none of the 3. On seeds 1033-1080
# of corpus B and 30 of A (1033-1047, 1057-1071) the guard held back 104 and 44 outlines, every one
# of the card shown, and at 0.8 alike 14 and 4 more frames would be named; but the grey-brown white 3
# of corpus B, seed 99, under an orange lamp, is then named the red 3 where the discriminant's whole
# card does not tell the suit: 0.86 like it, and each corner 0.2-0.3 nearer the red in colour (the
# lamp's colour, not the card's)
SATURATED_LIKENESS = 0.9
SATURATED_COLOUR_MARGIN = 0.1
# where no other rule names the card the network is sure of, the network names it alone where it
# finds the view this like the card and this far ahead of every other card
# (FaceReader._unmistakable), however far the view from its taught face pixel by pixel and whether
# or not the pixel judge sees its print, so long as no judge points elsewhere. From the outlines
# recorded on 41 seed-runs (the tuned seeds 401-410 of corpus A and 401-404, 450-451 and 601-607 of
# B; the seeds of the known misreads 143, 172, 462, 498, 522, 537, 641 and 647 of A and 116, 119,
# 229, 386, 391, 467, 517, 525, 546 and 712 of B), of the 7,158 outlines the network found so, none
# was of another card or of no card; of the 18 outlines of another card or of no card that it was
# very sure of (STRONG_LIKENESS, SURE_GAP_FACTOR), none 0.2 ahead was more than 0.87 alike (the
# white 5 of corpus B, seed 386, under an orange lamp, taken for the red 5 on three outlines, 0.85-
# 0.87 alike and 0.24-0.25 ahead: the saturated view's guard holds it; a lined notebook 0.83 like a
# white 1 and 0.28 ahead, seed 467), the most alike 0.91 and 0.16 ahead (the white 2 of corpus A,
# seed 537, taken for the 3 on a later look's outline). Read with the rule and without on 70
# seed-runs (31 of corpus A: 401-412 and 19 more seeds of misreads these comments and the tests
# name; 39 of B: 401-404, 450-451, 601-612 and 21 such seeds), 3 and 22 more card frames of 7,440
# and 9,360 named, none fewer, none wrong, and no frame without a card named; on seeds 769-792 and
# 793-816, unseen when it was made, 2 and 9 and 2 and 15 more of 5,760, none fewer, none wrong
UNMISTAKABLE_LIKENESS = 0.9
UNMISTAKABLE_GAP = 0.25


@dataclass(frozen=True)
class FaceRead:
    """One card-shaped outline and the verdict on it: `card` is None when not sure."""

    quad: Quad
    card: str | None
    best: str  # the taught card the network finds the view most like, named or not
    likeness: float  # to it (cosine of the network's vectors; 1 is the taught face itself)
    gap: float  # its likeness less the next card's
    # which judge named the card: "network", "pixels", "figures", "agreement" or "corners"
    by: str = ""
    pixels_sure: str | None = None  # the card the pixel judge was sure of, named or not
    face: np.ndarray | None = dataclasses.field(default=None, repr=False, compare=False)  # the view, upright
    # the pixel judge's residual of each card within its RIVAL_RATIO of the nearest (PixelVerdict.near)
    pixels_near: dict[str, float] = dataclasses.field(default_factory=dict, compare=False)
    second: str = dataclasses.field(default="", compare=False)  # the network's next card after `best`


class FaceReader:
    def __init__(self, deck: Deck, judge: NetJudge | None = None, pixels: PixelJudge | None = None,
                 figures: FigureJudge | None = None, colours: CornerColourJudge | None = None) -> None:
        self.deck = deck
        self.cards = deck.cards()
        self._taught = set(self.cards)
        self.judge = judge or NetJudge(deck)
        self.pixels = pixels or PixelJudge(deck)
        self.figures = figures or FigureJudge(deck)
        self.colours = colours or CornerColourJudge(deck)

    def read(self, frame: np.ndarray, variant: Variant | str | None = None) -> list[str]:
        """The cards named in the frame ("R1"), each once, only those the reader is sure of."""
        names: list[str] = []
        for read in self.read_all(frame, variant):
            if read.card is not None and read.card not in names:
                names.append(read.card)
        return names

    def read_all(self, frame: np.ndarray, variant: Variant | str | None = None) -> list[FaceRead]:
        """Every thing card-shaped in the frame with its verdict (one per thing)."""
        if not self.cards or frame is None or frame.ndim != 3 or frame.shape[2] != 3:
            return []
        allowed = shown_cards(variant)
        search = OutlineSearch(frame)
        quads = search.cards(fallback=False)
        reads = self._judged(search, quads, allowed)
        out = self._colours_told(search, one_per_thing(reads, self.judge.min_gap), allowed)
        known = list(quads)
        looked = [(reads, None, False)]  # each look's reads, with the limits they were judged by
        for look, coarse in later_looks(search):  # each only while no card is named
            if any(read.card is not None for read in out):
                break
            more = look(known)
            if more:
                judged = self._judged(search, more, allowed, SECOND_LOOK_MAX_RESIDUAL, coarse, reads)
                looked.append((judged, SECOND_LOOK_MAX_RESIDUAL, coarse))
                reads = reads + judged
                out = self._colours_told(search, one_per_thing(reads, self.judge.min_gap), allowed)
            known += more
        if not any(read.card is not None for read in out):
            resized = self._resized(search, looked, allowed)
            if resized:
                out = self._colours_told(search, one_per_thing(reads + resized, self.judge.min_gap), allowed)
        return out

    def _resized(self, search: OutlineSearch, looked: list[tuple[list[FaceRead], float | None, bool]],
                 allowed: set[str] | None) -> list[FaceRead]:
        """Where no card of the frame is named: for each outline whose view the network
        is sure of and finds very like its card (STRONG_LIKENESS), the first of the outline
        shrunk and grown about its middle (RESIZED) that names that card, judged by the rules of
        the look that found the outline (`looked`: each look's reads, with the most the pixel
        judge's card may be from its taught face and whether its outlines are coarse). An
        outline a pixel or two off the card's edge takes in a rim of the cloth or loses one of
        the card's, which may keep every judge but the network from seconding it."""
        found = []
        every = [read for reads, _limit, _coarse in looked for read in reads]
        for reads, max_residual, coarse in looked:
            for read in reads:
                if read.likeness < STRONG_LIKENESS or read.gap < self.judge.min_gap \
                        or self._doubted(read, allowed, max_residual):
                    continue
                middle = read.quad.mean(axis=0)
                quads = [(middle + (read.quad - middle) * factor).astype(np.float32) for factor in RESIZED]
                named = [other for other in self._judged(search, quads, allowed, max_residual, coarse, every)
                         if other.card == read.best]
                found += named[:1]
        return found

    def _doubted(self, read: FaceRead, allowed: set[str] | None, max_residual: float | None) -> bool:
        """Whether the view of the outline as found casts doubt on the network's card, so that
        it is not judged again shrunk or grown (_resized): the card's print not shown
        (PixelJudge.shows_print: a lined notebook the network found 0.81 like a cream deck's
        white 1, which an outline shrunk or grown named, corpus B, seed 44), a corner's figure
        against it (_FigureMargins.against), or its rank in doubt pixel by pixel
        (_rank_in_doubt: a white 2 washed out under a cyan lamp, 0.93 like the 1 for the
        network, which the outline grown named the 1, corpus A, seed 220), however sure the
        network is; or, where it is less than very sure, the doubt cast on a card it names
        though seconded (_network_doubted: a pale rainbow 1 taken for the red 1, which the
        outline grown named, corpus B, seed 690). The doubt stops only the judging again: a card
        the network is unmistakably sure of may be named on the outline as found (_unmistakable)."""
        card, face = read.best, read.face
        pixels = self.pixels.verdict(face, allowed, max_residual)
        figure = _FigureMargins(self.figures, face)
        return not self.pixels.shows_print(pixels, card) or figure.against(card) \
            or self._rank_in_doubt(face, card, pixels, figure) \
            or self._network_doubted(face, card, read.likeness, read.gap, figure, allowed)

    def _colours_told(self, search: OutlineSearch, things: list[FaceRead],
                      allowed: set[str] | None) -> list[FaceRead]:
        """The verdict on each thing (one_per_thing), naming no card where each corner's figure
        of the one outline named is nearer in colour, by COLOUR_MARGIN, to the same rank of
        another suit of the variant than to the card (corner_colours.CornerColourJudge, the
        view seen under the light that makes it most like the card). A frame whose things then
        name nothing is looked at again, as one that named nothing. Asked of the things each
        look names, not of each of their outlines: the matching takes about 0.5 ms a view (a
        frame's reading, about 13 ms)."""
        return [dataclasses.replace(read, card=None, by="") if read.card is not None and self._another_suits_colour(
            upright_face(search.frame, read.quad) if read.face is None else read.face, read.card, allowed) else read
            for read in things]

    def _another_suits_colour(self, face: np.ndarray, card: str, allowed: set[str] | None = None) -> bool:
        """Whether each corner's figure is nearer in colour, by COLOUR_MARGIN, to the same rank
        of another suit (one of `allowed`, if given) than to the card."""
        return min(self.colours.margins(face, card, allowed)) >= COLOUR_MARGIN

    def _judged(self, search: OutlineSearch, quads: list[Quad], allowed: set[str] | None,
                max_residual: float | None = None, coarse: bool = False,
                earlier: Sequence[FaceRead] = ()) -> list[FaceRead]:
        """Each outline's verdict (`max_residual`: the most a card the pixel judge names may
        be from its taught face, for an outline of a later look; `coarse`: for an outline of
        what differs from the cloth, see _verdict), a part of a bigger thing or of another card
        naming nothing (_part_unnamed, _another_cards_part), nor one whose figures an outline
        holding it outvotes, of these or of the `earlier` reads (_held_figures_outvoted)."""
        if not quads:
            return []
        faces = [upright_face(search.frame, quad) for quad in quads]
        reads = []
        for quad, face, verdict in zip(quads, faces, self.judge.verdicts(faces)):
            card, by, pixels = self._verdict(face, verdict, allowed, max_residual, coarse)
            read = FaceRead(quad, card, verdict.best, verdict.likeness, verdict.gap, by,
                            None if pixels is None else pixels.card, face, {} if pixels is None else pixels.near,
                            verdict.second)
            read = self._another_cards_part(search, self._part_unnamed(search, read))
            reads.append(self._cut_short(search, read))
        return [self._held_figures_outvoted(read, [*earlier, *reads]) for read in reads]

    def _held_figures_outvoted(self, read: FaceRead, reads: Sequence[FaceRead]) -> FaceRead:
        """The read, naming no card where another outline of the frame (`reads`) holds its
        centre and is HELD_SHARE times as big or more, the network finds that view all but as
        like a taught face (within its MIN_GAP) and both its corners' figures match another rank
        of the card's suit better than the card by AGAINST_MARGIN (no margin, -inf: nothing
        against it): the named outline is the card's printed border, and cuts the figures in its
        corners short (a dark red roman II outlined along its border, each corner's II cut to an
        I, 0.87 like the 1 for the network and the pixel judge nearest the 1, was named the 1,
        while its own outline, 0.89 like a taught face, matched the 1's figures worse by 0.27 and
        0.20; corpus B, seed 1060, unseen when it was measured). The card the pixel judge was
        sure of is kept, as by _part_unnamed."""
        if read.card is None:
            return read
        for other in reads:
            if other is read or other.face is None or other.likeness <= read.likeness - self.judge.min_gap \
                    or not inside_a_bigger_one(read.quad, [other.quad], HELD_SHARE):
                continue
            if _every_corner_at_most(self.figures.margins(other.face, read.card), -AGAINST_MARGIN):
                return dataclasses.replace(read, card=None, by="")
        return read

    def _cut_short(self, search: OutlineSearch, read: FaceRead) -> FaceRead:
        """The read, naming no card where it names one of a rank below another of its suit in
        the deck and the thing goes on past a side of its outline (BEYOND_SHARE of a strip just
        outside it stands out from the cloth): the outline is a part of a card, cut short (by a
        streak of glare, along its printed border), and a part shows fewer figures than the
        card, never more. The card the pixel judge was sure of is kept, as by _part_unnamed."""
        if read.card is None or not self._below_another_rank(read.card) \
                or max(search.beyond_sides(read.quad)) < BEYOND_SHARE:
            return read
        return dataclasses.replace(read, card=None, by="")

    def _below_another_rank(self, card: str) -> bool:
        """Whether the deck has a card of the same suit and a higher rank."""
        named = parse_card(card)
        return named is not None and any(other is not None and other.suit == named.suit and other.rank > named.rank
                                         for other in map(parse_card, self.cards))

    @staticmethod
    def _part_unnamed(search: OutlineSearch, read: FaceRead) -> FaceRead:
        """The read, naming no card where it names one on an outline the network finds less
        than very like it (STRONG_LIKENESS) that a card-shaped thing standing out from the
        cloth holds and is PART_SHARE times as big as or more (a strip of a notebook's page);
        the card the pixel judge was sure of is kept, to contest another outline of the thing
        (one_per_thing). What stands out is looked for only for such a read."""
        if read.card is None or read.likeness >= STRONG_LIKENESS \
                or not inside_a_bigger_one(read.quad, search.standing_out(), PART_SHARE):
            return read
        return dataclasses.replace(read, card=None, by="")

    def _another_cards_part(self, search: OutlineSearch, read: FaceRead) -> FaceRead:
        """The read, naming no card where it names one on an outline the network finds less than
        very like it (STRONG_LIKENESS), one on the other with a card-shaped thing standing out
        from the cloth (holding it or held by it) that the network is sure is another card and
        finds very like (STRONG_LIKENESS): the outline is then a part of that card (a yellow
        roman IV outlined short of its V, its corner figures cut to an I, 0.71 like the 1 for
        the network, the pixel judge nearest the 1 and the figures matching it; the whole card,
        standing out, 0.96 like the 4; corpus B, seed 220, looked at after it was measured). The
        card the pixel judge was sure of is kept, as by _part_unnamed."""
        if read.card is None or read.likeness >= STRONG_LIKENESS:
            return read
        wholes = [quad for quad in search.standing_out() if one_on_the_other(read.quad, quad)]
        if not wholes:
            return read
        verdicts = self.judge.verdicts([upright_face(search.frame, quad) for quad in wholes])
        if any(v.card is not None and v.card != read.card and v.likeness >= STRONG_LIKENESS for v in verdicts):
            return dataclasses.replace(read, card=None, by="")
        return read

    def _named(self, face: np.ndarray, verdict: NetVerdict, allowed: set[str] | None,
               max_residual: float | None = None) -> tuple[str | None, str]:
        """(the card named for an upright face, or None; which judge named it, or ""), by the
        rules of the module's docstring; `max_residual` is given for an outline of a later look."""
        card, by, _pixels = self._verdict(face, verdict, allowed, max_residual)
        return card, by

    def _verdict(self, face: np.ndarray, verdict: NetVerdict, allowed: set[str] | None,
                 max_residual: float | None, coarse: bool = False) -> tuple[str | None, str, PixelVerdict | None]:
        """_ruled's verdict, naming no card where the camera saturated the view's colours and
        another suit may be what is seen (_suit_in_doubt)."""
        card, by, pixels = self._ruled(face, verdict, allowed, max_residual, coarse)
        if card is not None and self._suit_in_doubt(face, card, allowed) \
                and not self._saturated_suit_told(face, verdict, card, allowed):
            return None, "", pixels
        return card, by, pixels

    def _saturated_suit_told(self, face: np.ndarray, verdict: NetVerdict, card: str,
                             allowed: set[str] | None) -> bool:
        """Whether the suit of a card named on a saturated view (_suit_in_doubt) is told all the
        same: the network finds the view SATURATED_LIKENESS like the card, and each corner's
        figure is nearer in colour to the card than to the same rank of any other suit (of
        `allowed`) by SATURATED_COLOUR_MARGIN (corner_colours; a light too strong to tell
        colours by tells nothing)."""
        if verdict.alike.get(card, -np.inf) < SATURATED_LIKENESS:
            return False
        return _colours_tell(self.colours.margins(face, card, allowed), SATURATED_COLOUR_MARGIN)

    def _suit_in_doubt(self, face: np.ndarray, card: str, allowed: set[str] | None) -> bool:
        """Whether the view's colours are saturated over much of the card (SATURATED_SHARE of its
        pixels with a channel at features.SATURATED or more) and a card of its rank in another
        suit (of `allowed`) comes within SUIT_RIVAL_RATIO of it with the saturated pixels let be
        (PixelJudge.saturated_residuals)."""
        if features.saturated_share(face) < SATURATED_SHARE:
            return False
        rivals = [other for other in self.cards if other[1:] == card[1:] and other != card
                  and (allowed is None or other in allowed)]
        if not rivals:
            return False
        near = self.pixels.saturated_residuals(face, [card] + rivals)
        own = near.get(card)
        return own is not None and any(near[other] <= SUIT_RIVAL_RATIO * own for other in rivals if other in near)

    def _ruled(self, face: np.ndarray, verdict: NetVerdict, allowed: set[str] | None,
               max_residual: float | None, coarse: bool = False) -> tuple[str | None, str, PixelVerdict | None]:
        """_named's (card, judge), and the pixel judge's verdict (None where it was not asked). On a
        `coarse` outline (of what differs from the cloth: a blob found in the searched picture
        shrunk unlike_cloth.SHRINK times, its corners the least sure of any look's), the figures
        do not tell two ranks the network finds all but as near (_figure_tells_doubted_rank): a
        yellow 3 whose outline there cut a bar off each corner's figure matched the 2 by 0.04,
        which the discriminant's rank corners and the pixel judge found nearest too (corpus B,
        seed 340)."""
        # the network must find the view like a taught face at all (a lined notebook the pixel
        # judge took for a white 1 with a thin figure was 0.36-0.44 like it): a view it does not
        # (a card's back, a phone, the cloth) is not compared pixel by pixel
        if verdict.likeness < self.judge.min_likeness:
            return None, "", None
        pixels = self.pixels.verdict(face, allowed, max_residual)
        figure = _FigureMargins(self.figures, face)
        first_look = max_residual is None
        if pixels.card is not None:
            named = self._pixels_card(face, verdict, pixels, figure, allowed, first_look)
            return (pixels.card, "pixels", pixels) if named else (None, "", pixels)
        card = verdict.best
        if self._may_name(card, allowed):
            if card in pixels.printed:
                # the network's card seconded, unless doubted (_network_doubted; asked last): the
                # rules below may still name it, each by what it asks of the figures and the colours
                if verdict.card is not None and self._seconded(face, verdict, pixels, figure, first_look) \
                        and not self._network_doubted(face, card, verdict.likeness, verdict.gap, figure, allowed):
                    return card, "network", pixels
                if self._figure_told(face, verdict, pixels, figure):
                    return card, "figures", pixels
                if not coarse and self._figure_tells_doubted_rank(face, verdict, pixels, figure):
                    return card, "figures", pixels
                if first_look and self._agreed(face, verdict, pixels, figure):
                    return card, "agreement", pixels
            # the figure against the pixel judge's nearer card: the only rule for a card it
            # finds far off (not among its near cards), whose print is then measured (asked last)
            if self._figure_outweighs(face, verdict, pixels, figure) and self.pixels.shows_print(pixels, card):
                return card, "figures", pixels
            if verdict.card is not None and card in pixels.printed \
                    and self._corners_tell(face, verdict, pixels, figure, allowed, first_look):
                return card, "corners", pixels
            if verdict.card is not None and self._unmistakable(face, verdict, pixels, figure, allowed):
                return card, "network", pixels
            if verdict.card is not None and card in pixels.printed \
                    and self._very_sure_unopposed(face, verdict, pixels, figure, allowed):
                return card, "network", pixels
        nearest = pixels.best
        if first_look and nearest in pixels.printed and self._may_name(nearest, allowed) \
                and self._figure_tells_nearest(face, verdict, pixels, figure):
            return nearest, "figures", pixels
        return None, "", pixels

    def _pixels_card(self, face: np.ndarray, verdict: NetVerdict, pixels: PixelVerdict,
                     figure: _FigureMargins, allowed: set[str] | None, first_look: bool) -> bool:
        """Whether the card the pixel judge is sure of is named (the rules of the module's
        docstring): it must be the network's nearest card or, on a first-look outline, a card
        of the same suit the network finds as like the view as the three judges' agreement
        asks (AGREED_LIKENESS) and all but as near (within its MIN_GAP), its rank told (by the
        figures only where no card is nearer it pixel by pixel, _nearest_by_residual: a white 4
        under an orange lamp, all five white ranks within 13% of one another pixel by pixel and
        the 4 nearest, was named the 1, the pixel judge's nearest by its leaning and the 1 by its
        corner figures, against the network's 4; corpus A, seed 645, unseen when it was looked
        at); where the network finds another rank of the suit all but as near, its rank must be
        told (_rank_told), but for a faint figure on the network's nearest card, which the discriminant names
        nothing of (the pixel judge's first judge alone, as sure as it must be of a deck of one
        card), whose figures do not match another rank better (FAINT_AGAINST_MARGIN); where the
        network is less than very sure of it (_very_sure) and the discriminant's rank corners
        do not tell its rank (or told it where the network could not), or on a later look's
        outline, the card's figure must not be against it (_FigureMargins.against); a rank the
        discriminant's rank corners alone told is not named where the network's nearest or next
        card, another rank of the suit, is nearer pixel by pixel and the figures do not tell it
        (_corners_outvoted)."""
        card = pixels.card
        if not self._may_name(card, allowed):
            return False
        if card == verdict.best:
            if self._corners_outvoted(verdict, pixels, figure):
                return False
            unsure_rank = verdict.gap < self.judge.min_gap and verdict.second[:1] == card[:1]
            # a faint figure tells the rank only where the figures do not lean to another rank
            # (FAINT_AGAINST_MARGIN)
            told = not unsure_rank or (pixels.faint and not figure.against(card, FAINT_AGAINST_MARGIN)) \
                or self._rank_told(face, card, verdict.likeness, figure)
            # on a later look's outline, or where the network is less than very sure of it and
            # the discriminant's rank corners do not tell its rank (or told it where the network
            # could not): not against the card's figure (asked last)
            if not told:
                return False
            if first_look and (self._very_sure(verdict) or (not unsure_rank and self.pixels.rank_told(face, card))):
                return True
            return not figure.against(card)
        # against the network's nearest card, a rank the figures alone tell is the pixel judge's
        # only where it is nearest pixel by pixel too, not only the one of its near cards that
        # leans most to itself (_nearest_by_residual)
        alike = verdict.alike.get(card, -np.inf)
        return first_look and verdict.best[:1] == card[:1] and alike >= AGREED_LIKENESS \
            and self._all_but_as_near(verdict, card) and not self._corners_outvoted(verdict, pixels, figure) \
            and (self.pixels.rank_told(face, card)
                 or (_nearest_by_residual(pixels.near, card) and self._rank_told(face, card, alike, figure)))

    @staticmethod
    def _corners_outvoted(verdict: NetVerdict, pixels: PixelVerdict, figure: _FigureMargins) -> bool:
        """Whether the rank of the pixel judge's card, told by the discriminant's rank corners
        alone (PixelVerdict.rank_by_corners: its first judge sure of the suit only), is outvoted:
        the network's other card (its next card where the pixel judge's is its nearest, else its
        nearest) is another rank of the suit and nearer the view pixel by pixel, and the figures
        do not tell the card's rank (each corner's by AGREED_MARGIN; nor where they cannot tell
        the suit's ranks, -inf). A pale white 5 whose outline, like the white 1's teach photo's,
        took in the dark rim of the card's shadow was named the 1: the network 0.97 like the 1
        and 0.13 ahead of the 5, the pixel judge nearest the 5 and the 1 the furthest of the white
        ranks (1.21 times as far), the rank corners telling the 1 by their rims, the figures
        telling neither (corpus A, seed 968, unseen when it was measured). Read again with the
        rule, seeds 961-984 of both corpora changed in two other frames, each named right before
        and nothing now: a red 3 and a yellow 4, the network 0.96 like each and 0.05 ahead of the
        next rank, which was nearer pixel by pixel, the figures telling neither (seed 984 of each
        corpus). On nine seeds looked at before, two cards named right so had the network's next
        rank nearer pixel by pixel, their figures telling them by 0.15 and 0.08. The network's
        nearest card outvotes as its next does (the pixel judge's card all but as near for the
        network, _pixels_card): on seeds 985-1008 of both corpora, unseen, the rule held back two
        outlines of right cards (each frame named right by another of its outlines) and none where
        the network put the pixel judge's card second."""
        card = pixels.card
        other = verdict.second if card == verdict.best else verdict.best
        return pixels.rank_by_corners and other[:1] == card[:1] \
            and pixels.near.get(other, np.inf) < pixels.near.get(card, np.inf) \
            and figure.least(card) < AGREED_MARGIN

    def _all_but_as_near(self, verdict: NetVerdict, card: str) -> bool:
        """Whether the network finds the view all but as like the card as its nearest card
        (within its MIN_GAP)."""
        return verdict.alike.get(card, -np.inf) > verdict.likeness - self.judge.min_gap

    def _rank_told(self, face: np.ndarray, card: str, likeness: float, figure: _FigureMargins) -> bool:
        """Whether the rank of the card is told where the network cannot tell it from another
        rank of its suit: by each rank corner of the discriminant (PixelJudge.rank_told), or,
        where the network finds the view very like the card (`likeness`, STRONG_LIKENESS), by
        the figure in each corner matching the card's taught figure better than any other
        rank's by AGREED_MARGIN (figures.FigureJudge; a deck's thin roman V and II, a rainbow 5
        the pixel judge took for the 2). A corner with no figure to see matches every rank
        alike, and a view less like the card may show its figure cut or shifted."""
        return self.pixels.rank_told(face, card) \
            or (likeness >= STRONG_LIKENESS and figure.least(card) >= AGREED_MARGIN)

    def _seconded(self, face: np.ndarray, verdict: NetVerdict, pixels: PixelVerdict,
                  figure: _FigureMargins, first_look: bool) -> bool:
        """Whether the card the network is sure of is seconded by the pixel judge, or where its
        discriminant is silent by the figure (_figure_seconds; the rules of the module's
        docstring), on a first-look outline or a later look's."""
        if not first_look and verdict.likeness < SECOND_LOOK_LIKENESS:
            return False
        very_sure = self._very_sure(verdict)
        if not self._pixels_second(face, verdict, pixels, figure, first_look, very_sure):
            return self._figure_seconds(face, verdict, pixels, figure, first_look, very_sure)
        # less than very sure, or on a later look's outline: not against the card's figure (an
        # outline run askew across it; no margin, -inf, where the figures cannot tell the suit's
        # ranks: nothing against it). Asked last, so that the figures are matched only for a
        # card otherwise named (or one _figure_seconds asks them of). On a later look's outline
        # that the network finds less than very like the card, the figure must lean to it (no
        # margin, -inf, is not enough there)
        if not first_look and verdict.likeness < STRONG_LIKENESS:
            return figure.least(verdict.card) >= LATER_LOOK_FIGURE
        return (very_sure and first_look) or not figure.against(verdict.card)

    def _network_doubted(self, face: np.ndarray, card: str, likeness: float, gap: float,
                         figure: _FigureMargins, allowed: set[str] | None) -> bool:
        """Whether the card the network is sure of (`likeness` alike, `gap` ahead), where it is
        less than very sure of it (_very_sure), is doubted though seconded (_seconded): both
        corners' figures nearer in colour to the same rank of another suit (of `allowed`) by
        COLOUR_AGAINST_MARGIN, or, for a white or a rainbow card (HUELESS_SUITS) the network
        finds less than FIGURE_LIKENESS like the view, a corner's figure matching the card
        better than any other rank of its suit by less than HUELESS_FIGURE_MARGIN (or no margin,
        -inf, where the figures cannot tell the suit's ranks: nothing tells its rank then but
        the judges this doubts), or, matched inside the corner's rim, another rank's better by
        AGAINST_MARGIN (_FigureMargins.against_inside: a lined notebook whose margin line, along
        its edge, passed for a white 1's bar). The colours are matched last. A card so doubted
        may still be named by a rule that asks the figures or the colours itself (_ruled)."""
        if self._very_sure_of(likeness, gap):
            return False
        if _hueless_and_less_alike(card, likeness) \
                and (figure.least(card) < HUELESS_FIGURE_MARGIN or figure.against_inside(card)):
            return True
        return _colours_against(self.colours.margins(face, card, allowed))

    def _very_sure(self, verdict: NetVerdict) -> bool:
        """Whether the network is very sure of its card: STRONG_LIKENESS alike, and
        SURE_GAP_FACTOR times the gap it asks ahead of every other card."""
        return self._very_sure_of(verdict.likeness, verdict.gap)

    def _very_sure_of(self, likeness: float, gap: float) -> bool:
        """_very_sure, of a card the view is `likeness` like and `gap` ahead of every other."""
        return likeness >= STRONG_LIKENESS and gap >= SURE_GAP_FACTOR * self.judge.min_gap

    def _pixels_second(self, face: np.ndarray, verdict: NetVerdict, pixels: PixelVerdict,
                       figure: _FigureMargins, first_look: bool, very_sure: bool) -> bool:
        """_seconded's pixel judge and discriminant: whether they second the card the network
        is sure of (`very_sure`: STRONG_LIKENESS alike and SURE_GAP_FACTOR times its gap)."""
        card = verdict.card
        residual = pixels.near.get(card, np.inf)
        limit = FAR_RESIDUAL if very_sure else self.pixels.max_residual
        # all but certain, and within the pixel judge's own limit: the discriminant need not
        # second it (on an outline of any look; _seconded asks a later look's that the figure
        # be not against the card); where the pixel judge finds another card a little nearer,
        # only on a first-look outline, the discriminant's whole card telling the card's suit
        if verdict.likeness >= CERTAIN_LIKENESS and verdict.gap >= CERTAIN_GAP \
                and residual <= self.pixels.max_residual \
                and (pixels.best == card or (first_look and self.pixels.suit_told(face, card))):
            return True
        if pixels.best == card:
            # the discriminant to name it, the view as far as FAR_RESIDUAL where the network is
            # very sure of the card; where it is less than very sure, the rank not in doubt
            # pixel by pixel (asked last)
            return residual <= limit and self.pixels.learns(face, card) \
                and (very_sure or not self._rank_in_doubt(face, card, pixels, figure))
        # the pixel judge finds another card a little nearer: only on a first-look outline, the
        # network finding the view very like its card; where the nearer card is another rank
        # of the suit, or the network is less than very sure, each rank corner must tell the
        # rank (not find another rank nearer)
        if not first_look or verdict.likeness < STRONG_LIKENESS:
            return False
        each_corner = -np.inf if very_sure and pixels.best[:1] != card[:1] else 0.0
        return residual <= limit and self.pixels.learns(face, card, min_each_corner=each_corner)

    def _rank_in_doubt(self, face: np.ndarray, card: str, pixels: PixelVerdict, figure: _FigureMargins) -> bool:
        """Whether the pixel judge finds another rank of the card's suit all but as near as the
        card (within CONTENDER_RATIO of the card's residual) and neither the discriminant's rank
        corners nor the figure (by AGREED_MARGIN) tell the card's rank: a white 2 washed out
        under a cyan lamp, its corner figures blurred away, the network 0.93 like the 1 and 0.10
        ahead, the pixel judge nearest the 1 with the 2 1.09 times as far and the discriminant
        naming the 1 (corpus A, seed 220, looked at after it was measured). The rank corners do
        not tell it where a corner's figure leans to another rank by RANK_AGAINST_MARGIN."""
        own = pixels.near.get(card, np.inf)
        rival = any(other != card and other[:1] == card[:1] and residual <= CONTENDER_RATIO * own
                    for other, residual in pixels.near.items())
        if not rival:
            return False
        if not self.pixels.rank_told(face, card):
            return figure.least(card) < AGREED_MARGIN
        # the discriminant's rank corners tell it, unless a corner's figure leans to another rank
        return figure.against(card, RANK_AGAINST_MARGIN)

    def _figure_seconds(self, face: np.ndarray, verdict: NetVerdict, pixels: PixelVerdict,
                        figure: _FigureMargins, first_look: bool, very_sure: bool) -> bool:
        """Whether the figure seconds the card the network is sure of where the discriminant
        does not (a pale deck's faint figures, which the discriminant's shrunk corners all but
        lose): the network finding the view very like the card (STRONG_LIKENESS), the pixel
        judge finding it nearest and within its limit (FAR_RESIDUAL where the network is very
        sure of it), each corner's figure matching it better than any other rank's by
        AGREED_MARGIN (FIGURE_MARGIN on a later look's outline, less sure to be the card's
        own), the discriminant's whole card telling its suit (the figure says nothing of the
        suit: a grey-brown white 3 under an orange lamp both judges found nearest the red 3)
        and its rank corners telling no other rank of the suit (a white 5 taught from an
        outline that took in a wedge of the cloth, its view nearer the 4 for both judges and
        for the figures, the discriminant telling the 5)."""
        card = verdict.card
        limit = FAR_RESIDUAL if very_sure else self.pixels.max_residual
        return verdict.likeness >= STRONG_LIKENESS and pixels.best == card \
            and pixels.near.get(card, np.inf) <= limit \
            and figure.least(card) >= (AGREED_MARGIN if first_look else FIGURE_MARGIN) \
            and self.pixels.suit_told(face, card) and not self._another_rank_told(face, card)

    def _another_rank_told(self, face: np.ndarray, card: str) -> bool:
        """Whether the discriminant's rank corners tell another rank of the card's suit."""
        return any(self.pixels.rank_told(face, other) for other in self.cards if other[0] == card[0] and other != card)

    def _figure_told(self, face: np.ndarray, verdict: NetVerdict, pixels: PixelVerdict,
                     figure: _FigureMargins) -> bool:
        """Whether the rank figure tells the network's nearest card where the other judges
        cannot (figures.py): the network finding the view very like the card
        (FIGURE_LIKENESS) and sure of it or of its suit (its next card of the same suit), the
        pixel judge's nearest card of the same suit and the card within its limit, its
        discriminant's whole card telling the suit (PixelJudge.suit_told: a grey-brown white 3
        under an orange lamp was the red 3 for both judges, not for the whole card), and each
        corner's figure matching the card's taught figure better than any other rank's by
        FIGURE_MARGIN, and none against it inside the corners' rim (_FigureMargins.against_inside)."""
        card = verdict.best
        return verdict.likeness >= FIGURE_LIKENESS \
            and (verdict.card is not None or verdict.second[:1] == card[:1]) \
            and pixels.best[:1] == card[:1] and pixels.near.get(card, np.inf) <= self.pixels.max_residual \
            and self.pixels.suit_told(face, card) and figure.least(card) >= FIGURE_MARGIN \
            and not figure.against_inside(card)

    def _figure_tells_doubted_rank(self, face: np.ndarray, verdict: NetVerdict, pixels: PixelVerdict,
                                   figure: _FigureMargins) -> bool:
        """Whether the rank figure tells the network's nearest card where the network finds another
        rank of its suit all but as near (within its MIN_GAP) and no judge names a card, on an
        outline of any look: the suit not in doubt (the network's next card and the pixel judge's
        nearest of the same suit, the discriminant's whole card telling it), the discriminant's rank
        corners telling no other rank of the suit, the pixel judge's first judge sure of no other
        card (PixelVerdict.held_back), the view within FAR_RESIDUAL of the card pixel by pixel and,
        but for a rainbow card (STRIPED_SUITS), no card nearer it (_nearest_by_residual: a pale
        white 3 under a pink lamp, its figures faint, 0.83 like the 5 for the network and 0.059
        ahead of the 3, the 3 nearest pixel by pixel, had figures matching the 5 by 0.09 and 0.13
        and was named the 5; corpus A, seed 1027, unseen when it was measured), and each corner's
        figure telling its rank as where the figure outweighs the pixel judge (_figures_tell_rank:
        by FIGURE_MARGIN, or AGREED_MARGIN where each rank corner of the discriminant tells it); the
        view shows the card's print (asked by the caller). A washed-out white 4 under an orange
        lamp, its corner figures gone, the network 0.74 like the 1, had figures matching the 1 by
        0.30 (a streak of light in each corner) and was 0.65 from the 1 pixel by pixel (corpus A,
        seed 223); a green 4 outlined askew, its corners cut to one dot each, 0.81 like the 1 and
        0.02 ahead of the next green card, had figures matching the 1 by 0.05 (corpus A, seed 310,
        looked at after it was measured). No corner's figure may be against it inside the corners'
        rim (_FigureMargins.against_inside)."""
        card = verdict.best
        if verdict.card is not None or verdict.second[:1] != card[:1] or pixels.best[:1] != card[:1] \
                or pixels.held_back not in (None, card):
            return False
        residual = pixels.near.get(card, np.inf)
        if residual > FAR_RESIDUAL or not self.pixels.suit_told(face, card) \
                or (card[:1] not in STRIPED_SUITS and not _nearest_by_residual(pixels.near, card)):
            return False
        return self._figures_tell_rank(face, card, figure.least(card)) and not self._another_rank_told(face, card) \
            and not figure.against_inside(card)

    def _figure_tells_nearest(self, face: np.ndarray, verdict: NetVerdict, pixels: PixelVerdict,
                              figure: _FigureMargins) -> bool:
        """Whether the rank figure tells the pixel judge's nearest card where the network finds
        another rank of its suit nearest and this card all but as near (a white deck's faint
        figures, which the network cannot tell apart): _figure_told's rule with the two judges'
        parts turned about, on a first-look outline only (the reader asks it only there): the
        network finding the view FIGURE_LIKENESS like the card and within its MIN_GAP of its
        nearest, the pixel judge (sure of no card: the reader asks it only then) finding no card
        nearer by residual and the card within its limit, its discriminant's whole card telling
        the suit, and each corner's figure matching the card better than any other rank's by
        FIGURE_MARGIN, and none against it inside the corners' rim (_FigureMargins.against_inside)."""
        card = pixels.best
        return card != verdict.best and card[:1] == verdict.best[:1] \
            and verdict.alike.get(card, -np.inf) >= FIGURE_LIKENESS and self._all_but_as_near(verdict, card) \
            and pixels.residual <= self.pixels.max_residual and _nearest_by_residual(pixels.near, card) \
            and self.pixels.suit_told(face, card) and figure.least(card) >= FIGURE_MARGIN \
            and not figure.against_inside(card)

    def _figure_outweighs(self, face: np.ndarray, verdict: NetVerdict, pixels: PixelVerdict,
                          figure: _FigureMargins) -> bool:
        """Whether the figure tells the rank of the card the network is sure of where the pixel
        judge finds another rank of its suit nearer (a rainbow card whose stripes lie across
        the view a little off the taught face's, nearer another rank's stripes pixel by pixel),
        on an outline of any look: the network finding the view very like the card
        (STRONG_LIKENESS), the discriminant's rank corners not telling the pixel judge's card,
        its whole card telling the suit, and each corner's figure matching the card better
        than any other rank's by FIGURE_MARGIN, or by AGREED_MARGIN where the discriminant's
        rank corners tell the card's rank (a red roman II outlined inside its printed border,
        its corner figures cut to an I, matched the 1 by 0.043, and the network was sure of the
        1). The pixel judge must not be sure of a card (the reader asks it only then), nor its
        first judge but for a later look's stricter limit (PixelVerdict.held_back), and the
        view must show the card's print (PixelJudge.shows_print, asked by the caller). No
        corner's figure may be against it inside the corners' rim (_FigureMargins.against_inside)."""
        card, nearest = verdict.card, pixels.best
        if card is None or verdict.likeness < STRONG_LIKENESS or nearest == card or nearest[:1] != card[:1] \
                or pixels.held_back is not None \
                or self.pixels.rank_told(face, nearest) or not self.pixels.suit_told(face, card):
            return False
        return self._figures_tell_rank(face, card, figure.least(card)) and not figure.against_inside(card)

    def _figures_tell_rank(self, face: np.ndarray, card: str, least: float) -> bool:
        """Whether each corner's figure tells the card's rank, `least` its least margin: by
        FIGURE_MARGIN, or by AGREED_MARGIN where each rank corner of the discriminant tells it."""
        return least >= FIGURE_MARGIN or (least >= AGREED_MARGIN and self.pixels.rank_told(face, card))

    def _agreed(self, face: np.ndarray, verdict: NetVerdict, pixels: PixelVerdict,
                figure: _FigureMargins) -> bool:
        """Whether the three judges agree on the network's nearest card where no other rule
        names it (a white deck's faint figures): the network finding the view very like it
        (AGREED_LIKENESS) and every card of another suit less like it by its MIN_GAP, the pixel
        judge's nearest card the same, no card nearer it pixel by pixel (the pixel judge's
        nearest is the one leaning most clearly towards itself of those all but as near), the
        view within AGREED_RESIDUAL of it and its discriminant's whole card telling the suit,
        and each corner's figure matching it better than any other rank's by AGREED_MARGIN. The
        figures tell the rank only: the suit must be told by both other judges (a rainbow 1 the
        network found 0.97 like the red 1 and 0.95 like itself, the pixel judge nearest the red
        1). The reader calls it on first-look outlines only."""
        card = verdict.best
        if not verdict.alike:  # the network's likeness to each card not given: its suit not told
            return False
        other_suits = max((like for other, like in verdict.alike.items() if other[:1] != card[:1]),
                          default=-np.inf)  # a deck of one suit has no other
        residual = pixels.near.get(card, np.inf)
        return verdict.likeness >= AGREED_LIKENESS and other_suits <= verdict.likeness - self.judge.min_gap \
            and pixels.best == card and residual <= AGREED_RESIDUAL and _nearest_by_residual(pixels.near, card) \
            and self.pixels.suit_told(face, card) and figure.least(card) >= AGREED_MARGIN

    def _corners_tell(self, face: np.ndarray, verdict: NetVerdict, pixels: PixelVerdict,
                      figure: _FigureMargins, allowed: set[str] | None, first_look: bool) -> bool:
        """Whether the corners tell the card the network is sure of where no judge seconds it,
        on an outline of any look (a view too far from its taught face for the pixel judge to
        second it: a glare, a blur, a rainbow card's stripes lying off the taught face's):

        - the network finding the view very like the card (STRONG_LIKENESS);
        - the rank: each corner's figure matching the card better than any other rank of its
          suit by AGREED_MARGIN, and the discriminant's rank corners telling no other rank of
          the suit; by FIGURE_MARGIN on a later look's outline (less sure to be the card's own),
          and where the network is less than very sure and its next card is another rank of
          the suit (a white 5 outlined a couple of pixels off, its corner figures where the 4's
          were taught, was 0.89 like the 4 and 0.08 ahead of the 5, the figures matching the 4
          by 0.06) or the pixel judge's nearest card is another rank of the suit (as where the
          figure outweighs the pixel judge), unless each rank corner of the discriminant tells
          the card's rank; and where the pixel judge's nearest card is another rank of the suit,
          the card within CONTENDER_RATIO of that card's residual (the figure outweighing the
          pixel judge, an earlier rule, asks as much of the figures but nothing against them
          inside the corners' rim, and the view's print shown; this asks the card be near where
          those are not met: a small white 3 of a deck whose ranks differ only by a pale figure
          in the corners, the figures matching the 4 by 0.09 and the network 0.90 like the 4 and
          0.12 ahead, was 1.45 times as far from the 4 as from the 3 pixel by pixel; corpus A,
          seed 829, unseen when it was measured);
        - the suit: the discriminant's whole card telling it, and either the pixel judge's
          nearest card being of the suit or the figure in each corner being nearer in colour to
          the card's than to the same rank's of any other suit of the variant by
          COLOUR_SUIT_MARGIN (corner_colours.CornerColourJudge); never both corners' figures
          nearer in colour to the same rank of another suit by COLOUR_AGAINST_MARGIN.

        The pixel judge must not be sure of a card (the reader asks it only then), nor its first
        judge of another card but for a later look's stricter limit (PixelVerdict.held_back),
        and the card must be among its near cards and the view show its print (asked by the
        caller). The colours are matched last."""
        card = verdict.card
        if verdict.likeness < STRONG_LIKENESS or pixels.held_back not in (None, card):
            return False
        least = figure.least(card)
        if least < (AGREED_MARGIN if first_look else FIGURE_MARGIN):
            return False
        # the pixel judge's nearest card another rank of the suit
        another_rank_nearer = pixels.best != card and pixels.best[:1] == card[:1]
        rank_in_question = (not self._very_sure(verdict) and verdict.second[:1] == card[:1]) or another_rank_nearer
        if rank_in_question and not self._figures_tell_rank(face, card, least):
            return False
        if another_rank_nearer and pixels.near.get(card, np.inf) > CONTENDER_RATIO * pixels.residual:
            return False
        if not self.pixels.suit_told(face, card) or self._another_rank_told(face, card):
            return False
        margins = self.colours.margins(face, card, allowed)  # -inf: no colour to tell by
        if _colours_against(margins):
            return False
        return pixels.best[:1] == card[:1] or _colours_tell(margins, COLOUR_SUIT_MARGIN)

    def _unmistakable(self, face: np.ndarray, verdict: NetVerdict, pixels: PixelVerdict,
                      figure: _FigureMargins, allowed: set[str] | None) -> bool:
        """Whether the network alone names its card, where no other rule does: it finds the view
        UNMISTAKABLE_LIKENESS like the card and UNMISTAKABLE_GAP ahead of every other card,
        however far the view from the taught face pixel by pixel and whether or not the pixel
        judge sees the card's print (what the network was trained to overlook: face_net.py),
        while nothing points elsewhere: the pixel judge sure of no card (the reader asks it only
        then), nor its first judge of another card (PixelVerdict.held_back), no corner's figure
        against the card (_FigureMargins.against), the discriminant's rank corners telling no
        other rank of its suit, and its corners' colours not nearer the same rank of another
        suit (_colours_against; matched last)."""
        card = verdict.card
        if verdict.likeness < UNMISTAKABLE_LIKENESS or verdict.gap < UNMISTAKABLE_GAP \
                or pixels.held_back not in (None, card):
            return False
        if figure.against(card) or self._another_rank_told(face, card):
            return False
        return not _colours_against(self.colours.margins(face, card, allowed))

    def _very_sure_unopposed(self, face: np.ndarray, verdict: NetVerdict, pixels: PixelVerdict,
                             figure: _FigureMargins, allowed: set[str] | None) -> bool:
        """Whether the network names the card it is very sure of (_very_sure) where no rule above
        does and each other judge, though sure of nothing, leans its way: the discriminant's whole
        card telling the suit and its rank corners telling no other rank of it; the pixel judge,
        asked of the rank only (the suit rests on the whole card and the colours), finding no other
        rank of the suit nearer (the card among its near cards) and the card's rank not in doubt
        pixel by pixel (_rank_in_doubt); each corner's figure, whole and inside its rim, matching
        another rank of the suit better by less than AGAINST_MARGIN, if at all (inside a dark rim
        all round, by less than AGREED_MARGIN: _FigureMargins.against_inside; where the figures
        cannot tell the suit's ranks, they do not lean its way); the pixel judge sure of no card
        (the reader asks it only then), nor its first judge of another (PixelVerdict.held_back), the
        view showing the card's print (asked by the caller), and never both corners' figures nearer
        in colour to the same rank of another suit (_colours_against; matched last); a white or a
        rainbow card (HUELESS_SUITS) only where the view is FIGURE_LIKENESS like it (a lined
        notebook 0.83 like a white 1 and 0.36 ahead, corpus B, seed 1074, its whole card telling no
        white). A view far from its taught face (a glare, a blur, an outline a few pixels off) keeps
        the pixel judge and the figures from seconding a card they do not point away from. Of the
        outlines recorded naming nothing on seeds 1033-1080 of corpus B and 30 seeds of A
        (1033-1047, 1057-1071), 1,269 and 578 were of the card the network found nearest, 325 and
        303 of another card or of none; what this asks, but for the rank in doubt, was met on 28 and
        12 frames' outlines, and on none of the others (the nearest of them: a green 4 taken for the
        1, the pixel judge finding the 4 a little nearer and the figures against the 1; a white 4
        taken for the red 4, 0.90 like it and 0.12 ahead, its whole card telling no red). So
        measured, it was first read without the rank in doubt on seeds 1105-1128, unseen, and named
        a red 5 the 1 (corpus A, seed 1123, deck 2, frame 27: 0.84 like the 1 and 0.13 ahead, every
        red rank within 14% of the 1 pixel by pixel, each figure within 0.04 of every rank's); read
        with it, the saturated view's likeness kept at 0.9 (SATURATED_LIKENESS), 14 of the 29 frames
        that the rule's first form and that likeness lowered to 0.8 had added on seeds 1033-1056
        stay named."""
        card = verdict.card
        if not self._very_sure(verdict) or pixels.held_back not in (None, card) \
                or not _nearest_of_its_suit(pixels.near, card):
            return False
        if _hueless_and_less_alike(card, verdict.likeness):
            return False
        # the figures able to tell the suit's ranks (no margin, -inf, tells nothing) and none
        # against the card by AGAINST_MARGIN, whole or inside the rim (by AGREED_MARGIN there on a
        # view with a dark rim all round)
        if figure.least(card) <= -AGAINST_MARGIN or figure.least_inside(card) <= -AGAINST_MARGIN \
                or figure.against_inside(card) or not self.pixels.suit_told(face, card) \
                or self._another_rank_told(face, card) \
                or self._rank_in_doubt(face, card, pixels, figure):
            return False
        return not _colours_against(self.colours.margins(face, card, allowed))

    def _may_name(self, card: str, allowed: set[str] | None) -> bool:
        """The card is in the variant's deck, and every card of its suit that may be shown was
        taught (for no variant named: of the classic deck), so that no untaught rank of the
        suit could be taken for it."""
        if allowed is not None and card not in allowed:
            return False
        shown = allowed if allowed is not None else shown_cards("classic")
        return all(other in self._taught for other in shown if other[0] == card[0])

    def rivals(self, face: np.ndarray, card: str) -> list[str]:
        """The cards that keep this upright view of `card` from being named as it: none if it
        is named, else those that stand in the way before either judge (NetJudge.rivals,
        PixelJudge.rivals)."""
        if card not in self.cards or self._named(face, self.judge.verdicts([face])[0], None)[0] == card:
            return []
        by_pixels = [self.pixels.cards[i] for i in self.pixels.rivals(face, self.pixels.cards.index(card))]
        return sorted(set(self.judge.rivals(face, card)) | set(by_pixels))


class _FigureMargins:
    """The figure judge's margins on one upright face (figures.FigureJudge.margins, and
    inside_margins inside the corners' rim), the least of a card's two corners, each card's
    worked out once however many rules ask."""

    def __init__(self, judge: FigureJudge, face: np.ndarray) -> None:
        self._judge, self._face = judge, face
        self._least: dict[str, float] = {}
        self._inside: dict[str, float] = {}
        self._rimmed: bool | None = None  # whether the view shows a dark rim all round, once asked
        self._seen: dict = {}  # the corners matched, for the next card asked

    def least(self, card: str) -> float:
        if card not in self._least:
            self._least[card] = min(self._judge.margins(self._face, card, self._seen))
        return self._least[card]

    def against_inside(self, card: str) -> bool:
        """Whether a corner's figure matched inside the corner's rim (FigureJudge.inside_margins)
        matches another rank of the card's suit better by AGAINST_MARGIN, or by AGREED_MARGIN
        where the view shows a dark rim all round (figures.rim_darkness, DARK_RIM: its outline
        took in the card's shadow, and a taught face with such a rim matches the view's by the
        rim) (no margin, -inf: nothing against it)."""
        if self._rimmed is None:
            self._rimmed = rim_darkness(self._face) >= DARK_RIM
        return -np.inf < self.least_inside(card) <= (-AGREED_MARGIN if self._rimmed else -AGAINST_MARGIN)

    def least_inside(self, card: str) -> float:
        """The lesser corner's margin for the card matched inside the corner's rim
        (FigureJudge.inside_margins; -inf where the figures cannot tell the suit's ranks)."""
        if card not in self._inside:
            self._inside[card] = min(self._judge.inside_margins(self._face, card, self._seen))
        return self._inside[card]

    def against(self, card: str, margin: float | None = None) -> bool:
        """Whether a corner's figure matches another rank of the card's suit better by `margin`,
        AGAINST_MARGIN if not given (no margin, -inf, where the figures cannot tell the suit's
        ranks: nothing against it)."""
        return -np.inf < self.least(card) <= -(AGAINST_MARGIN if margin is None else margin)


def _nearest_by_residual(near: dict[str, float], card: str) -> bool:
    """Whether no card is nearer the view than `card` by residual, among the pixel judge's near
    cards (PixelVerdict.near; its nearest card is the one of those all but as near that leans
    most clearly towards itself)."""
    return near.get(card, np.inf) <= min(near.values(), default=np.inf)


def _hueless_and_less_alike(card: str, likeness: float) -> bool:
    """Whether the card is white or rainbow (HUELESS_SUITS), which a sheet of paper or a pale
    view may pass for, and the network finds the view less than FIGURE_LIKENESS like it."""
    named = parse_card(card)
    return named is not None and named.suit in HUELESS_SUITS and likeness < FIGURE_LIKENESS


def _nearest_of_its_suit(near: dict[str, float], card: str) -> bool:
    """Whether `card` is among the pixel judge's near cards (PixelVerdict.near) and no other rank
    of its suit is nearer the view by residual."""
    own = near.get(card)
    return own is not None and all(residual >= own for other, residual in near.items() if other[:1] == card[:1])


def _colours_tell(margins: tuple[float, ...], margin: float) -> bool:
    """Whether each corner's figure is nearer in colour to the card than to the same rank of any
    other suit by `margin` (CornerColourJudge.margins: below 0 nearer the card; -inf, a light too
    strong to tell colours by, tells nothing)."""
    return _every_corner_at_most(margins, -margin)


def _every_corner_at_most(margins: tuple[float, ...], bound: float) -> bool:
    """Whether each corner's margin is known (not -inf: nothing told) and at most `bound`."""
    return bool(np.isfinite(margins).all()) and max(margins) <= bound


def _colours_against(margins: tuple[float, ...]) -> bool:
    """Whether both corners' figures are nearer in colour to the same rank of another suit than
    to the card by COLOUR_AGAINST_MARGIN (CornerColourJudge.margins; -inf tells nothing)."""
    return min(margins) >= COLOUR_AGAINST_MARGIN


def later_looks(search: OutlineSearch) -> tuple[tuple[Callable[[Sequence[Quad]], list[Quad]], bool], ...]:
    """The looks FaceReader.read_all takes after the first (search.cards), in order, while no card
    is named: (the look, given the outlines found before, which it passes over; whether its
    outlines are coarse, see FaceReader._ruled)."""
    return ((lambda found: search.standing_out(found, without_arms=True), False), (search.faint, False),
            (search.unlike_cloth, True))


def one_per_thing(reads: list[FaceRead], min_gap: float = MIN_GAP) -> list[FaceRead]:
    """One verdict per thing in view: outlines one inside the other are one thing, judged by
    its outline most like a taught face; it names the card of its outline most like a taught
    face among those that name one, only if no other outline of it contests that card (_contests:
    names another, or finds the pixel judge sure of another, on a view the network finds all but
    as like a taught face, within the network's `min_gap`, net_judge.MIN_GAP, and nearest another
    card), nor, for a card the pixel judge named, finds another rank of its suit nearest by both
    judges (_pixels_contested: all but as like a taught face, or at least as like where the
    network is sure of the card on the named outline)."""
    groups: list[list[FaceRead]] = []
    for read in sorted(reads, key=lambda r: -r.likeness):
        group = next((g for g in groups if any(one_on_the_other(read.quad, r.quad) for r in g)), None)
        if group is None:
            groups.append([read])
        else:
            group.append(read)
    out = []
    for group in groups:
        read = next((read for read in group if read.card is not None), None)
        if read is not None and not any(_contests(other, read, min_gap) or _pixels_contested(read, other, min_gap)
                                        for other in group if other is not read):
            out.append(read)
            continue
        first = group[0]
        out.append(FaceRead(first.quad, None, first.best, first.likeness, first.gap, second=first.second))
    return out


def _contests(other: FaceRead, read: FaceRead, min_gap: float) -> bool:
    """Whether `other`, an outline of the thing `read` names a card on, contests that card: it
    names another card or finds the pixel judge sure of another (a red roman II whose inner
    outline cut its corner figures to an I named the red 1, 0.86 like it for the network, while
    the card's own outline, 0.87 like a taught face, found the pixel judge sure of the 2; corpus B,
    seed 137, looked at after it was measured), where the network finds its view all but as like
    a taught face as `read`'s (within `min_gap`) and not nearest `read`'s card. An outline the
    network finds clearly less like a taught face, as one cut inside a card across its figures
    (a blue 5 whose outline 0.98 like it named it, and an inner outline 0.75 like the 4 found the
    pixel judge sure of the 4; corpus B, seed 611), or one whose view the network finds nearest
    the card named, contests nothing."""
    other_card = other.card if other.card is not None else other.pixels_sure
    if other_card is None or other_card == read.card or other.best == read.card:
        return False
    return other.likeness > read.likeness - min_gap


def _pixels_contested(read: FaceRead, other: FaceRead, min_gap: float) -> bool:
    """Whether `other`, an outline of the thing `read` names a card on by the pixel judge, puts
    that card in doubt: there both judges find another rank of its suit nearest, the network
    finding the view all but as like it as `read`'s (within `min_gap`; at least as like, where the
    network is sure of the card on `read`'s outline: a green 3 named on its own outline, 0.96 like
    it and 0.09 ahead, beside an outline cut across it 0.92 like the 2, corpus B, seed 729) and
    the pixel judge the named card out of contention (further than CONTENDER_RATIO times the
    nearest card's residual, or not among its near cards at all). An outline a few pixels off the
    card's edge shifts the view's figures towards where another rank's were taught, and the pixel
    judge, which compares pixel by pixel, follows the shift (a small blurred red roman II whose inner
    outline lay 14 pixels off at one corner: named the red 1 by the pixel judge, 0.11 against
    the 2's 0.16, while the card's own outline found the 2 nearest, 0.12 against the 1's 0.17,
    and the network nearest the 2 too; corpus B, seed 712)."""
    card, nearest = parse_card(read.card or ""), parse_card(other.best)
    if read.by != "pixels" or card is None or nearest is None or nearest.suit != card.suit or not other.pixels_near:
        return False
    # the network sure of the card on `read`'s outline (its MIN_GAP ahead) and finding that view
    # more like a taught face: the other outline is the one off the card
    if other.likeness <= read.likeness - min_gap or (read.gap >= min_gap and other.likeness < read.likeness):
        return False
    if not _nearest_by_residual(other.pixels_near, other.best):
        return False
    return other.pixels_near.get(read.card, np.inf) > CONTENDER_RATIO * other.pixels_near[other.best]
