from __future__ import annotations

from html import escape

from games.core.fragments import FragmentContext


def public_fragments(ctx: FragmentContext) -> dict[str, str]:
    view = ctx.view
    points = ", ".join(f"{escape(n)}: {p}" for n, p in zip(ctx.names, view["points"], strict=True))
    return {
        "board": f'<div id="board">Runde {view["round"]} – {points} – v{ctx.snap.version}</div>',
        "log": '<ul id="log">' + "".join(f"<li>{escape(e['text'])}</li>" for e in ctx.snap.log) + "</ul>",
    }


def private_fragments(ctx: FragmentContext) -> dict[str, str]:
    pick = ctx.view["my_pick"]
    return {"hand": f'<div id="hand">Platz {ctx.seat}: {"gewählt " + str(pick) if pick else "wähle"}</div>'}


def options_summary(options: dict) -> str:
    return "Grundspiel"
