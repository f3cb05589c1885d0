"""The one exception type of euchrelab.

It lives here, in the lowest layer, so the compiled kernels' Python wrappers can raise it;
``analysis.errors`` re-exports it for everything above.
"""


class EuchreError(ValueError):
    """Bad input or an impossible request: the message names the thing and, where it can, the fix."""
