/** Graphics: the GPU driver lacks OpenGL or crashed, a pixel format or display the GPU cannot serve. */
import { defineRule } from "../define-rule.ts";
import { quote } from "../wording.ts";
import { jvm } from "./cue.ts";

/** GLFW error codes (also printed in hex, 0x10006...) and what they mean for the game. */
const GLFW_ERRORS: Readonly<Record<number, string>> = {
  65542: "the graphics driver does not support OpenGL",
  65543: "the graphics driver does not support the OpenGL version the game needs",
  65544: "the system's window layer failed",
  65545: "the graphics driver offers no suitable pixel format",
};

const glfwCode = (text: string) => (text.startsWith("0x") ? Number.parseInt(text, 16) : Number(text));

/** The GPU maker from a driver file name in a JVM crash (hs_err) frame. */
function vendorOf(driver: string): string {
  if (/^(?:ati|amd)/i.test(driver)) return "AMD";
  if (/^ig/i.test(driver)) return "Intel";
  if (/^nv|nvidia/i.test(driver)) return "NVIDIA";
  return "Mesa";
}

const VENDOR_SITE: Readonly<Record<string, string>> = { AMD: "amd.com", Intel: "intel.com", NVIDIA: "nvidia.com", Mesa: "your distribution" };

const UPDATE_DRIVER = "Install the newest graphics driver from the GPU maker's website (Windows Update drivers often lack full OpenGL support).";
const DEDICATED_GPU = "On a laptop with two GPUs, make Java (javaw.exe) use the dedicated GPU in the graphics settings.";

interface DriverProblem {
  what: string;
  detail: string;
  code: number | null;
}

interface DriverCrash {
  driver: string;
  vendor: string;
}

export const graphicsRules = [
  defineRule<DriverProblem>({
    ...jvm,
    code: "opengl-unavailable",
    category: "graphics",
    summary: "The graphics driver cannot give the game OpenGL (GLFW errors 65542-65545, Pixel format not accelerated, a GL error in a renderer).",
    shapes: [
      {
        anchor: /GLFW error(?: (?:before|during) init)?:? \[?(0x1000[6-9]|6554[2-5])\]?:? ?([^\n]{0,200})/,
        hint: "GLFW error",
        extract: ({ anchor }) => {
          const code = glfwCode(anchor[1]);
          return { what: GLFW_ERRORS[code], detail: anchor[2].trim(), code };
        },
      },
      {
        // 1.13-1.16 log the error below a `########## GL ERROR ##########` banner: `65542: WGL: The driver...`.
        anchor: /(?:^|\]: )(6554[2-5]): ((?:WGL|GLX|EGL): The driver [^\n]{1,200})/,
        hint: "The driver",
        extract: ({ anchor }) => ({ what: GLFW_ERRORS[Number(anchor[1])], detail: anchor[2].trim(), code: Number(anchor[1]) }),
      },
      {
        anchor: /LWJGLException: Pixel format not accelerated/,
        hint: ["Exception", "Pixel format not accelerated"],
        extract: () => ({ what: GLFW_ERRORS[65545], detail: "Pixel format not accelerated", code: null }),
      },
      {
        anchor: /(?:Exception|Error): [^\n]{0,200}?\b(?:OpenGL|GL) error:? \(?(128[0-6])\b/,
        hint: "GL error",
        extract: ({ anchor }) => ({ what: "rendering failed inside OpenGL", detail: `OpenGL error ${anchor[1]}`, code: Number(anchor[1]) }),
      },
    ],
    message: ({ what, detail }) => `The game could not use the graphics card: ${what} (${quote(detail)}).`,
    solutions: ({ code }) =>
      code === 65544
        ? ["Update the launcher and its LWJGL libraries, and start the game with only the built-in display connected.", UPDATE_DRIVER]
        : code !== null && code < 2000
          ? [UPDATE_DRIVER, "Remove shader packs and rendering mods (OptiFine, Iris, Sodium and their add-ons) one at a time to find the one that breaks."]
          : [UPDATE_DRIVER, DEDICATED_GPU, "If the GPU is too old for this Minecraft version's OpenGL (3.2 from 1.17 on), play an older version or use another GPU."],
    key: ({ code }) => String(code),
  }),

  defineRule<DriverCrash>({
    ...jvm,
    code: "graphics-driver-crash",
    category: "graphics",
    summary: "The JVM crashed inside the GPU driver (a native frame in atio6axx, ig*icd*, nvoglv*, a Mesa or NVIDIA library).",
    shapes: [{
      // The problematic frame of a JVM crash (hs_err): `# C  [atio6axx.dll+0x1e7b8c]`, or the first native frame.
      anchor: /^#?\s*C {1,2}\[((atio6axx|atioglxx|atig6pxx|atig6txx|amdxc64|amdvlk64|ig\w{0,12}icd\d{0,2}|nvoglv\d{2}|nvwgf2umx?|libnvidia-glcore|libGLX_nvidia|\w{1,20}_dri)\.(?:dll|so)[\w.]{0,30})\+0x/,
      hint: "C  [",
      extract: ({ anchor }) => ({ driver: anchor[1], vendor: vendorOf(anchor[2]) }),
    }],
    message: ({ driver, vendor }) => `Java crashed inside the ${vendor} graphics driver (${quote(driver)}).`,
    solutions: ({ vendor }) => [
      `Update the ${vendor} graphics driver (a clean install from ${VENDOR_SITE[vendor]}).`,
      ...(vendor === "Intel" ? [DEDICATED_GPU] : []),
      "If it keeps crashing, remove shader packs and rendering mods, or lower the graphics settings.",
    ],
    key: ({ driver }) => driver,
  }),
];
