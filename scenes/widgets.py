"""Small widgets shared by the scenes: buttons, a focus group, a yes/no dialog, toasts.

Sizes come from the window height (`ui_unit`), so text stays big on any window.
Every widget reports whether it needs a redraw; scenes turn that into `dirty`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache, lru_cache

import pygame

from game.assets import font
from game.i18n import _, language
from game.ui import cues, themes
from game.ui.input_map import answer_key, yes_no_letters
from game.ui.looks import HC_BACKGROUND, HC_EDGE, HC_PANEL, contrast_colour, high_contrast, scaled_text
from game.ui.speech import ASKED, MINE, say
from game.ui.surface_cache import surface_cache

Color = tuple[int, int, int]

FELT: Color = (22, 104, 58)
FELT_DARK: Color = (10, 58, 32)
INK: Color = (245, 242, 230)
INK_DIM: Color = (190, 205, 190)
GOLD: Color = (240, 196, 70)
HINT: Color = (255, 235, 120)  # the table's hint: its outlines and its words
BUTTON: Color = (246, 240, 222)
BUTTON_TEXT: Color = (28, 44, 34)
BUTTON_FOCUS: Color = (255, 214, 92)
BUTTON_DISABLED: Color = (150, 160, 150)
PANEL: Color = (18, 70, 42)  # on the green felt; `panel_colour()` is the felt chosen's
PANEL_EDGE: Color = (200, 170, 90)
SHADOW = (0, 0, 0, 90)
READABLE_PX = 14  # no word of a screen smaller, from 1024x600 up (issue 23)


def ui_unit(size: tuple[int, int], scale: float | None = None) -> int:
    """One text line's worth of pixels: about 4.5% of the window height, never tiny; more at a larger text
    size (game/ui/looks.py; `scale`: at that one rather than the one chosen)."""
    return scaled_text(max(18, round(min(size[1], size[0] * 0.75) * 0.045)), size[1], scale)


def frame_unit(size: tuple[int, int], scale: float | None = None) -> int:
    """The unit of a screen's frame (its title, its buttons below a list): it grows with the text size,
    less than the words read (`ui_unit`), so a list has the room to keep its words at the size chosen."""
    normal = max(18, round(min(size[1], size[0] * 0.75) * 0.045))
    return max(normal, min(ui_unit(size, scale), round(normal * FRAME_GROWTH)))


FRAME_GROWTH = 1.15  # the frame at the largest text size, at most this many times its usual size


def wrap_text(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Break text into lines no wider than `width` (explicit newlines kept)."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = word if not line else f"{line} {word}"
            if fnt.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


@cache
def _felt_grain(seed: int = 7) -> pygame.Surface:
    """A small tile of light and dark specks, tiled over the felt for texture."""
    rnd = random.Random(seed)
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    for _speck in range(1400):
        shade = rnd.choice((0, 255))
        tile.set_at((rnd.randrange(96), rnd.randrange(96)), (shade, shade, shade, rnd.randrange(6, 18)))
    return tile


def felt_background(size: tuple[int, int]) -> pygame.Surface:
    """Baize (the felt chosen in Settings) with a soft darker edge, shared by every scene: copy it before
    drawing on it.

    Made once per window size and felt (it takes tens of milliseconds), so switching scenes costs no frame.
    """
    key = (tuple(size), pygame.display.get_surface() is not None, high_contrast(), themes.felt_name())
    surf = _FELT.get(key)
    if surf is None:
        for other in [k for k in _FELT if k[1:] != key[1:]]:  # another felt chosen: the old one is not shown
            del _FELT[other]  # again (8 MB at 1920x1080 each, kept while the player tried the others)
        if len(_FELT) >= 2:  # the current size and the one before a resize
            _FELT.pop(next(iter(_FELT)))
        surf = _FELT[key] = _make_felt(size) if not key[2] else _flat(size, HC_BACKGROUND)
    return surf


_FELT: dict[tuple[tuple[int, int], bool, bool, str], pygame.Surface] = {}


def looks_changed() -> None:
    """The text size or the colours changed: the words, buttons and panels drawn before are drawn again."""
    for drawn in (_text_image, _button_image, _panel_image):
        drawn.cache_clear()
    fit_size.cache_clear()


def _flat(size: tuple[int, int], colour: Color) -> pygame.Surface:
    """The high-contrast table: one flat colour, nothing behind the words."""
    surf = pygame.Surface(at_least_a_pixel(size))
    surf.fill(colour)
    return surf.convert() if pygame.display.get_surface() is not None else surf


def _make_felt(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    middle, edge = themes.felt_colours().middle, themes.felt_colours().edge
    small_w, small_h = max(2, w // 16), max(2, h // 16)
    small = pygame.Surface((small_w, small_h))
    cx, cy = small_w / 2, small_h / 2
    for y in range(small_h):
        for x in range(small_w):
            d = min(1.0, (((x - cx) / cx) ** 2 + ((y - cy) / cy) ** 2) ** 0.5 / 1.3)
            t = d * d
            small.set_at((x, y), tuple(round(a + (b - a) * t) for a, b in zip(middle, edge, strict=True)))
    surf = pygame.transform.smoothscale(small, (w, h))
    grain = _felt_grain()
    for ty in range(0, h, grain.get_height()):
        for tx in range(0, w, grain.get_width()):
            surf.blit(grain, (tx, ty))
    return surf.convert() if pygame.display.get_surface() is not None else surf


def draw_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    color: Color,
    pos: tuple[int, int],
    anchor: str = "topleft",
    bold: bool = False,
    shadow: bool = False,
) -> pygame.Rect:
    """Blit one line of text with its rect's `anchor` at `pos`; returns the rect."""
    img = text_image(text, size, color, bold)
    rect = img.get_rect(**{anchor: pos})
    if shadow:
        off = max(1, size // 14)
        surface.blit(text_image(text, size, (0, 0, 0), bold, 110), rect.move(off, off))
    surface.blit(img, rect)
    return rect


def text_image(text: str, size: int, color: Color, bold: bool = False, alpha: int = 255) -> pygame.Surface:
    """One line of text rendered, cached: the same labels are drawn frame after frame (in the high-contrast
    colours when the player chose them)."""
    return _text_image(text, size, contrast_colour(tuple(color)), bold, alpha)


@surface_cache(4)  # every label of a screen, many times over (a few hundred kB at 1920x1080 a frame)
def _text_image(text: str, size: int, color: Color, bold: bool, alpha: int) -> pygame.Surface:
    img = font(size, bold).render(text, True, color)
    if alpha != 255:
        img.set_alpha(alpha)
    return img


@surface_cache(1)  # only drawn into the buttons' and panels' images, which are kept themselves
def _shadow_shape(size: tuple[int, int], radius: int) -> pygame.Surface:
    """A see-through dark rounded rectangle, drawn once per size (buttons, panels)."""
    shade = pygame.Surface(at_least_a_pixel(size), pygame.SRCALPHA)
    pygame.draw.rect(shade, SHADOW, shade.get_rect(), border_radius=radius)
    return shade


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """A dark rounded panel in the felt's tone, with a gold edge and a drop shadow."""
    surface.blit(panel_image(at_least_a_pixel(rect.size), radius, high_contrast()), rect.topleft)


def at_least_a_pixel(size: Sequence[int]) -> tuple[int, int]:
    """A window dragged to a sliver gives layouts of zero or negative size: draw them a pixel wide."""
    return max(1, int(size[0])), max(1, int(size[1]))


def panel_colour() -> Color:
    """The panels' colour on the felt chosen in Settings (a darker tone of it)."""
    return themes.felt_colours().panel


def panel_image(size: tuple[int, int], radius: int, contrast: bool | None = None) -> pygame.Surface:
    """The panel with its shadow, drawn once per size and felt: one blit a frame instead of three drawings."""
    return _panel_image(size, radius, high_contrast() if contrast is None else contrast, themes.felt_name())


@surface_cache(8)  # a panel sized to its content is a new size each time: bounded by memory, not count
def _panel_image(size: tuple[int, int], radius: int, hc: bool, felt: str) -> pygame.Surface:
    off = max(3, radius // 3)
    image = pygame.Surface((size[0] + off, size[1] + off), pygame.SRCALPHA)
    image.blit(_shadow_shape(size, radius), (off, off))
    rect = pygame.Rect((0, 0), size)
    pygame.draw.rect(image, HC_PANEL if hc else themes.felt_colours(felt).panel, rect, border_radius=radius)
    pygame.draw.rect(image, HC_EDGE if hc else PANEL_EDGE, rect, width=max(2, radius // 6), border_radius=radius)
    return image


@lru_cache(maxsize=512)
def fit_size(text: str, size: int, room: int, floor: int, bold: bool = True) -> int:
    """The largest font size from `size` down to `floor` at which `text` fits in `room` pixels (cached)."""
    while size > floor and font(size, bold).size(text)[0] > room:
        size -= 1
    return size



BUTTON_LABEL = 0.46  # a button's label size, as a share of its height


def button_label_px(height: int) -> int:
    """The label size of a button `height` pixels tall, before it is fitted to the button's width."""
    return max(12, round(height * BUTTON_LABEL))


class Button:
    """A big rounded button. `rect` is set by the owner's layout."""

    def __init__(self, label: str, on_click: Callable[[], None], enabled: bool = True) -> None:
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.focused = False
        self.pressed = False
        self.label_px: int | None = None  # the label's size when its owner chose one (else from the height)

    def text_size(self) -> int:
        """Half the button's height (or the size its owner chose), shrunk until the label fits its width
        (longer words in French)."""
        px = self.label_px if self.label_px is not None else button_label_px(self.rect.h)
        return fit_size(self.label, px, self.rect.w - max(8, self.rect.h // 2), 10)

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.size == (0, 0):
            return  # not laid out, or scrolled out of view (scenes/scroll_column.py)
        image, spill = _button_image(self.label, tuple(self.rect.size), self.text_size(), self.enabled,
                                     self.focused and self.enabled, self.pressed)
        surface.blit(image, (self.rect.x - spill, self.rect.y))


@surface_cache(6)
def _button_image(label: str, size: tuple[int, int], text_size: int, enabled: bool, focused: bool,
                  pressed: bool) -> tuple[pygame.Surface, int]:
    """A button as drawn: shadow, face, focus ring and label, once per look (one blit a frame); and how
    far its label spills past each side (a label wider than the button, in a tiny window)."""
    w, h = size = at_least_a_pixel(size)
    spill = max(0, (text_image(label, text_size, BUTTON_TEXT, True).get_width() - w + 1) // 2)
    radius = max(6, h // 4)
    lift = 0 if pressed else max(2, h // 14)
    image = pygame.Surface((w + 2 * spill, h + lift), pygame.SRCALPHA)
    image.blit(_shadow_shape(size, radius), (spill, lift))
    face = pygame.Rect(spill, 0, w, h)  # a pressed button sinks onto its shadow: lift is 0, and so is lift // 2
    pygame.draw.rect(image, BUTTON if enabled else BUTTON_DISABLED, face, border_radius=radius)
    if focused:  # a ring dark inside, and a pointer at each end where the label leaves room: not gold alone
        ring = max(3, h // 12)
        pygame.draw.rect(image, BUTTON_FOCUS, face, width=ring, border_radius=radius)
        pygame.draw.rect(image, BUTTON_TEXT, face.inflate(-2 * ring, -2 * ring), width=max(2, ring // 2),
                         border_radius=max(2, radius - ring))
        tip, depth = focus_pointer_place(h)
        if (w - text_image(label, text_size, BUTTON_TEXT, True).get_width()) // 2 >= tip + 3:
            cues.pointer(image, (face.left + tip, face.centery), depth, "right", fill=BUTTON_TEXT, edge=BUTTON_TEXT)
            cues.pointer(image, (face.right - tip, face.centery), depth, "left", fill=BUTTON_TEXT, edge=BUTTON_TEXT)
    color = BUTTON_TEXT if enabled else (90, 96, 90)
    draw_text(image, label, text_size, color, face.center, "center", bold=True)
    return image, spill


def focus_pointer_place(height: int) -> tuple[int, int]:
    """Where a focused button's pointers have their tips (pixels in from its ends) and how deep they are."""
    depth = max(5, round(height * 0.2))
    return max(3, height // 12) + 3 + depth, depth


class FocusGroup:
    """Buttons moved through with the arrow keys and the mouse; Enter or a click presses.

    `handle_event` returns True when the event was used (and the picture changed).
    """

    def __init__(self, buttons: Sequence[Button], vertical: bool = True, focus: int = 0, wrap: bool = True) -> None:
        self.buttons = list(buttons)
        self.vertical = vertical
        self.wrap = wrap
        self.focus = focus
        self._sync()

    def _sync(self) -> None:
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus

    def move(self, delta: int) -> None:
        n = len(self.buttons)
        if n == 0:
            return
        i = self.focus
        for _step in range(n):  # skip disabled buttons
            i += delta
            if not self.wrap and not 0 <= i < n:
                return  # at the end of a row of two, an arrow key further does nothing
            i %= n
            if self.buttons[i].enabled:
                break
        self.focus = i
        self._sync()
        if self.focused is not None:
            say(self.focused.label, ASKED, interrupt=True)  # the key moved the focus: what it is on now

    @property
    def focused(self) -> Button | None:
        return self.buttons[self.focus] if self.buttons and 0 <= self.focus < len(self.buttons) else None  # -1: none

    def handle_event(self, event: pygame.event.Event) -> bool:
        back_key, next_key = (pygame.K_UP, pygame.K_DOWN) if self.vertical else (pygame.K_LEFT, pygame.K_RIGHT)
        if event.type == pygame.KEYDOWN:
            shift_tab = event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            if event.key == back_key or shift_tab:
                self.move(-1)
                return True
            if event.key in (next_key, pygame.K_TAB):
                self.move(1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.focused is not None:
                    self.focused.activate()
                return True
        elif event.type == pygame.MOUSEMOTION:
            for i, b in enumerate(self.buttons):
                if b.enabled and b.rect.collidepoint(event.pos) and i != self.focus:
                    self.focus = i
                    self._sync()
                    return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, b in enumerate(self.buttons):
                if b.enabled and b.rect.collidepoint(event.pos):
                    self.focus = i
                    self._sync()
                    b.pressed = True
                    return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            # A click counts only if released over the button it started on.
            pressed = [b for b in self.buttons if b.pressed]
            for b in pressed:
                b.pressed = False
            for b in pressed:
                if b.rect.collidepoint(event.pos):
                    b.activate()
            return bool(pressed)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)


def dialog_words(question: str, yes: str, no: str) -> str:
    """A question as said aloud: the question, then its two answers and their keys."""
    y, n = yes_no_letters(language())
    return _("{question} {yes}: key {y}. {no}: key {n}.").format(question=question, yes=yes, y=y, no=no, n=n)


class Dialog:
    """A modal yes/no question. `on_answer(True/False)` is called once, then `open` is False."""

    def __init__(
        self,
        message: str,
        on_answer: Callable[[bool], None],
        yes: str | None = None,
        no: str | None = None,
    ) -> None:
        self.message = message
        self.on_answer = on_answer
        self.open = True
        self.yes = Button(yes if yes is not None else _("Yes"), lambda: self._answer(True))
        self.no = Button(no if no is not None else _("No"), lambda: self._answer(False))
        self.group = FocusGroup([self.yes, self.no], vertical=False, focus=1, wrap=False)  # "No" first: safe
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.unit = 20
        self._lines: list[str] = []
        say(dialog_words(message, self.yes.label, self.no.label), MINE, interrupt=True)

    def _answer(self, value: bool) -> None:
        if self.open:
            self.open = False
            self.on_answer(value)

    def layout(self, size: tuple[int, int]) -> None:
        u = self.unit = ui_unit(size)
        width = min(size[0] - 2 * u, u * 22)
        self._lines = wrap_text(self.message, font(u), width - 2 * u)
        text_h = len(self._lines) * round(u * 1.35)
        height = text_h + u * 6
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (size[0] // 2, size[1] // 2)
        bw, bh = min(u * 7, (width - 3 * u) // 2), round(u * 2.1)
        y = self.rect.bottom - round(u * 1.3) - bh
        self.yes.rect = pygame.Rect(self.rect.centerx - u // 2 - bw, y, bw, bh)
        self.no.rect = pygame.Rect(self.rect.centerx + u // 2, y, bw, bh)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Takes every input event while open (it is modal)."""
        if not self.open:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._answer(False)
                return True
            letter = answer_key(event.key, language())
            if letter is not None:  # Y / N, or the language's own letters (O / N, J / N)
                self._answer(letter)
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                return True
        self.group.handle_event(event)
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

    def draw(self, surface: pygame.Surface) -> None:
        draw_message_box(surface, self.rect, self._lines, self.unit)
        self.group.draw(surface)


def veil(surface: pygame.Surface, alpha: int) -> None:
    """Darken the whole picture as a black layer `alpha` opaque would, without making that layer (a
    window-sized see-through image each frame: milliseconds and megabytes)."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), None, pygame.BLEND_RGB_MULT)


def draw_message_box(surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[str], unit: int) -> None:
    """A modal box: the screen veiled, a panel, centred lines of text (its buttons are the caller's)."""
    veil(surface, 120)
    draw_panel(surface, rect, max(8, unit // 2))
    y = rect.top + unit * 3 // 2
    for line in lines:
        draw_text(surface, line, unit, INK, (rect.centerx, y), "midtop")
        y += round(unit * 1.35)


class Toast:
    """A short message that shows for a few seconds, then fades out."""

    def __init__(self, message: str, duration: float = 3.0, fade: float = 0.6) -> None:
        self.message = message
        self.duration = duration
        self.fade = min(fade, duration)
        self.age = 0.0
        self.key: str | None = None  # what the toast is about (see Toasts.show)
        self._box: tuple[tuple[int, int], pygame.Surface] | None = None  # drawn once per width and size

    @property
    def alive(self) -> bool:
        return self.age < self.duration

    @property
    def alpha(self) -> int:
        left = self.duration - self.age
        if left >= self.fade:
            return 255
        return max(0, round(255 * left / self.fade)) if self.fade > 0 else 0

    def update(self, dt: float) -> bool:
        """Age the toast; True while it still needs redrawing (fading or just gone)."""
        was_alive = self.alive
        before = self.alpha
        self.age += dt
        return was_alive and (self.alpha != before or not self.alive)

    def draw(self, surface: pygame.Surface, midbottom: tuple[int, int], unit: int) -> None:
        if not self.alive:
            return
        key = (surface.get_width(), unit)
        if self._box is None or self._box[0] != key:
            self._box = (key, self._draw_box(surface.get_width(), unit))
        box = self._box[1]
        box.set_alpha(self.alpha)
        surface.blit(box, box.get_rect(midbottom=midbottom))

    def _draw_box(self, room: int, unit: int) -> pygame.Surface:
        pad = unit // 2
        # Long reasons wrap to the window, so a player can always read all of them.
        lines = wrap_text(self.message, font(unit, True), max(unit * 8, room - 6 * pad))
        imgs = [font(unit, True).render(line, True, INK) for line in lines]
        width = max(i.get_width() for i in imgs) + 2 * pad
        height = sum(i.get_height() for i in imgs) + pad
        box = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(box, (10, 30, 20, 215), box.get_rect(), border_radius=pad)
        y = pad // 2
        for img in imgs:
            box.blit(img, ((width - img.get_width()) // 2, y))
            y += img.get_height()
        return box


class Toasts:
    """Toasts stacked upwards from a point; old ones go away by themselves."""

    def __init__(self) -> None:
        self.items: list[Toast] = []

    def show(self, message: str, duration: float = 3.0, key: str | None = None) -> Toast:
        """A new toast; one with the `key` of a toast still showing replaces it (notices never stack)."""
        if key is not None:
            self.drop(key)
        toast = Toast(message, duration)
        toast.key = key
        self.items.append(toast)
        return toast

    def drop(self, key: str) -> bool:
        """Take away the toast about `key` (its subject is done); True if one was showing."""
        before = len(self.items)
        self.items = [t for t in self.items if t.key != key]
        return len(self.items) != before

    def update(self, dt: float) -> bool:
        changed = False
        for t in self.items:
            changed |= t.update(dt)
        self.items = [t for t in self.items if t.alive]
        return changed

    def draw(self, surface: pygame.Surface, midbottom: tuple[int, int], unit: int) -> None:
        x, y = midbottom
        for t in reversed(self.items):
            t.draw(surface, (x, y), unit)
            y -= round(unit * 1.9)
