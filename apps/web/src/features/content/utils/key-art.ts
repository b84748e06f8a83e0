// A game's key art (the home configuration's `cgi`) may be an image or a video.
const VIDEO = /\.(?:mp4|webm|ogg)(?:[?#]|$)/i;

export const isVideoKeyArt = (url: string): boolean => VIDEO.test(url);
