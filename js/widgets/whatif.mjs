// The what-if panel (hickory_widget.core.whatif_panel.WhatIfPanel): no styles of its own.
export { default } from "../core/whatif.mjs";
