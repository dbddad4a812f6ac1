"""A screen that settles its layout before it paints: one frame per change, not two or three.

Textual lays a screen out, paints the frame, and only then hears from the widgets that the
layout changed under them — a scroll bar came or went (the seat rows grew past their box, the
hand strip got wider than the screen), a log was made shorter and scrolls to its newest line.
Each of these asks for another layout, which waits for the next tick of the screen's update
timer (1/60 s) and paints a frame of its own; a round jump in the replay painted three frames
over 50–80 ms of which half was waiting. Here the layout is done again at once, up to
`EXTRA_PASSES` times, and the frame painted once, with every widget as it settled.

A widget that fits itself to the size a layout gave it (a hand's title counts the cards out of
sight) does so in `fit_laid_out()`, called after each layout here as well as on its resize
(which comes after the frame).
"""

from __future__ import annotations

from typing import Any

from textual.geometry import Size
from textual.widget import Widget

EXTRA_PASSES = 2  # a bar that comes narrows its widget, which may wrap and ask once more


class SettlesLayout:
    """Mixed into a Screen (before Textual's class)."""

    _evo_settling = False

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        screen: Any = self  # a Screen
        if self._evo_settling:
            super()._refresh_layout(size, scroll)  # type: ignore[misc]
            return
        self._evo_settling = True
        try:
            super()._refresh_layout(size, scroll)  # type: ignore[misc]
            for _ in range(EXTRA_PASSES):
                for widget in list(screen._compositor.visible_widgets):
                    fit = getattr(widget, "fit_laid_out", None)
                    if fit is not None:
                        fit()
                # (not the screen: its own flags are the request being served, cleared by
                # its caller once the layout is done)
                widgets = [w for w in with_bars(screen._compositor.widgets) if w is not screen]
                relaid = [w for w in widgets if w._layout_required]
                scrolled = [w for w in widgets if w._scroll_required]
                if not relaid and not scrolled:
                    break
                for widget in relaid:  # this pass does what they would ask the screen for
                    _relaid(widget)
                for widget in scrolled:
                    widget._scroll_required = False
                    if widget.styles.keyline[0] != "none":  # as Textual does for a scroll
                        widget._set_dirty()
                super()._refresh_layout(size, scroll=not relaid)  # type: ignore[misc]
            compositor = screen._compositor
            repainted = {w for w in with_bars(compositor.visible_widgets)
                         if w._repaint_required and w in compositor.visible_widgets}
            for widget in repainted:  # painted in this frame, not in one of their own
                widget._repaint_required = False
            if repainted:
                compositor.update_widgets(repainted)
        finally:
            self._evo_settling = False
        if screen.is_current and not screen.app._batch_count:
            self._compositor_refresh()

    def _compositor_refresh(self) -> None:
        if not self._evo_settling:  # the frame is painted once the layout has settled
            super()._compositor_refresh()  # type: ignore[misc]


def with_bars(widgets: Any) -> list[Any]:
    """The widgets and their scroll bars (placed by the compositor, but not among its widgets)."""
    out = list(widgets)
    for widget in widgets:
        for bar in (widget._vertical_scrollbar, widget._horizontal_scrollbar):
            if bar is not None:
                out.append(bar)
    return out


def _relaid(widget: Any) -> None:
    """What a widget does when it asks the screen for a layout (Textual's
    `Widget._check_refresh`), less the asking: its containers arrange their children anew."""
    widget._layout_required = False
    for ancestor in widget.ancestors:
        if not isinstance(ancestor, Widget):
            break
        ancestor._clear_arrangement_cache()
        ancestor._layout_updates += 1
        if not ancestor.styles.auto_dimensions:
            break
