// The title page's player: a native <video> (a clear message where the browser cannot play HLS),
// the audio and subtitle renditions of the master playlist, a timeline under it with the
// entitlement's ad breaks, a channel's program boundaries and the sprite thumbnails of its VTT,
// and the media element's events as they happen.
import { element } from "../dom.js";

const mediaEvents = ["loadstart", "loadedmetadata", "loadeddata", "canplay", "play", "playing", "pause", "seeking", "seeked",
  "waiting", "stalled", "ended", "error", "ratechange"];

/** The renditions of a master playlist's EXT-X-MEDIA lines: [{type, name, language, isDefault}]. */
export function renditions(master) {
  return master.split("\n").filter((line) => line.startsWith("#EXT-X-MEDIA:")).map((line) => {
    const attributes = Object.fromEntries([...line.matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)].map(([, name, value]) => [name, value.replace(/^"|"$/g, "")]));
    return { type: attributes.TYPE, name: attributes.NAME, language: attributes.LANGUAGE, isDefault: attributes.DEFAULT === "YES" };
  });
}

/** The cues of a thumbnails VTT: [{start, end, url, x, y, width, height}], times in seconds, URLs resolved against `base`. */
export function thumbnailCues(vtt, base) {
  const seconds = (text) => text.split(":").reduce((total, part) => total * 60 + Number(part), 0);
  const cues = [];
  const lines = vtt.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const timing = lines[index].match(/^([\d:.]+)\s+-->\s+([\d:.]+)/);
    const target = timing && lines[index + 1]?.match(/^(.*)#xywh=(\d+),(\d+),(\d+),(\d+)$/);
    if (!target) continue;
    cues.push({ start: seconds(timing[1]), end: seconds(timing[2]), url: new URL(target[1], base).href,
      x: Number(target[2]), y: Number(target[3]), width: Number(target[4]), height: Number(target[5]) });
  }
  return cues;
}

/** The player section: its nodes, `play(format, marks)` and `stop()`. */
export function playerSection() {
  const video = element("video", { controls: true, muted: true, playsinline: true, id: "player", "aria-label": "Player" });
  const message = element("p", { id: "player-message", role: "status" });
  const tracks = element("div", { class: "tracks", id: "player-tracks" });
  const thumbnail = element("div", { class: "thumbnail", id: "player-thumbnail", hidden: true });
  const playhead = element("div", { class: "playhead" });
  const timeline = element("div", { class: "timeline", id: "player-timeline", role: "slider", tabindex: "0",
    "aria-label": "Timeline: ad breaks, program boundaries and thumbnails", "aria-valuemin": "0", "aria-valuenow": "0" }, playhead);
  const legend = element("p", { class: "muted", id: "player-timeline-legend" });
  const events = element("ol", { class: "events", id: "media-events", "aria-label": "Media element events" });
  let marks = { durationS: 0, ads: [], boundaries: [], cues: [], originS: 0 };
  let preview = 0;

  for (const name of mediaEvents) {
    video.addEventListener(name, () => {
      events.append(element("li", {}, `${video.currentTime.toFixed(2).padStart(8)} s  ${name}`));
      events.scrollTop = events.scrollHeight;
    });
  }
  video.addEventListener("timeupdate", () => {
    if (!marks.durationS) return;
    playhead.style.left = `${Math.min(100, (100 * (video.currentTime - marks.originS)) / marks.durationS)}%`;
    timeline.setAttribute("aria-valuenow", Math.round(video.currentTime));
  });

  /** Shows the thumbnail for `second` of the timeline over it. */
  function showThumbnail(second) {
    preview = Math.max(0, Math.min(marks.durationS, second));
    timeline.setAttribute("aria-valuetext", `${formatTime(preview)}`);
    const cue = marks.cues.find((candidate) => candidate.start <= preview && preview < candidate.end);
    thumbnail.hidden = !cue;
    if (!cue) return;
    Object.assign(thumbnail.style, {
      width: `${cue.width}px`, height: `${cue.height}px`, backgroundImage: `url("${cue.url}")`,
      backgroundPosition: `-${cue.x}px -${cue.y}px`,
      left: `${Math.min(timeline.clientWidth - cue.width, Math.max(0, (preview / marks.durationS) * timeline.clientWidth - cue.width / 2))}px`,
    });
    thumbnail.dataset.second = preview;
  }
  timeline.addEventListener("pointermove", (event) =>
    showThumbnail(((event.clientX - timeline.getBoundingClientRect().left) / timeline.clientWidth) * marks.durationS));
  timeline.addEventListener("pointerleave", () => { thumbnail.hidden = true; });
  timeline.addEventListener("click", () => { if (video.src) video.currentTime = marks.originS + preview; });
  timeline.addEventListener("keydown", (event) => {
    const step = { ArrowRight: 10, ArrowLeft: -10, PageUp: 60, PageDown: -60 }[event.key];
    if (step) {
      event.preventDefault();
      showThumbnail(preview + step);
    } else if (event.key === "Enter" && video.src) {
      video.currentTime = marks.originS + preview;
    }
  });
  timeline.addEventListener("blur", () => { thumbnail.hidden = true; });

  function drawMarks() {
    timeline.replaceChildren(playhead, thumbnail,
      ...marks.ads.map(([start, length]) => element("div", { class: "mark ad", title: "ad break",
        style: `left:${(100 * start) / marks.durationS}%;width:${Math.max(0.3, (100 * length) / marks.durationS)}%` })),
      ...marks.boundaries.map(([at, label]) => element("div", { class: "mark boundary", title: label,
        style: `left:${(100 * at) / marks.durationS}%` })));
    timeline.setAttribute("aria-valuemax", Math.round(marks.durationS));
    legend.textContent = [`${formatTime(marks.durationS)} long`, `${marks.ads.length} ad breaks`,
      marks.boundaries.length && `${marks.boundaries.length} program boundaries`, `${marks.cues.length} thumbnails`,
      "(arrow keys move the preview, Enter seeks)"].filter(Boolean).join(" · ");
  }

  function showTracks(list) {
    const choice = (type, label, id) => {
      const options = list.filter((rendition) => rendition.type === type);
      if (options.length === 0) return null;
      const select = element("select", { id }, type === "SUBTITLES" ? element("option", { value: "" }, "off") : null,
        options.map((rendition) => element("option", { value: rendition.language ?? rendition.name, selected: rendition.isDefault && type === "AUDIO" },
          `${rendition.name}${rendition.language ? ` (${rendition.language})` : ""}`)));
      select.addEventListener("change", () => choose(type, select.value));
      return element("label", { for: id }, label, select);
    };
    tracks.replaceChildren(...[choice("AUDIO", "Audio", "player-audio"), choice("SUBTITLES", "Subtitles", "player-subtitles")].filter(Boolean));
  }

  /** Turns on the rendition of `language` where the browser lists the stream's tracks to pages. */
  function choose(type, language) {
    const list = type === "AUDIO" ? video.audioTracks : video.textTracks;
    if (!list || list.length === 0) {
      message.textContent = `This browser does not list the stream's ${type === "AUDIO" ? "audio" : "subtitle"} tracks to the page; its own menu switches them.`;
      return;
    }
    for (const track of list) {
      if (type === "AUDIO") track.enabled = track.language === language;
      else track.mode = track.language === language ? "showing" : "disabled";
    }
  }

  return {
    nodes: [element("h2", {}, "Player"), message, tracks, video, legend, timeline, element("h2", {}, "Media element events"), events],
    /** Plays `format`'s stream; `describe` gives the timeline's marks (ads, boundaries, thumbnails). */
    async play(format, describe) {
      const type = format.format === "MP3" ? "audio/mpeg" : "application/vnd.apple.mpegurl";
      marks = await describe();
      drawMarks();
      if (format.format === "HLS") showTracks(renditions(await (await fetch(format.mediaLocator)).text()));
      else tracks.replaceChildren();
      if (!video.canPlayType(type)) {
        message.textContent = `This browser cannot play ${format.format} natively (canPlayType("${type}") is empty); ` +
          "open the title in Safari, or in a Chromium build with native HLS, to play it here.";
        return;
      }
      message.textContent = `Playing ${format.mediaLocator}`;
      video.src = format.mediaLocator;
      video.play().catch((error) => { message.textContent = `The player refused: ${error.message}`; });
    },
    stop() {
      video.removeAttribute("src");
      video.load();
    },
  };
}

function formatTime(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 3600)}:${String(Math.floor(whole / 60) % 60).padStart(2, "0")}:${String(whole % 60).padStart(2, "0")}`;
}
