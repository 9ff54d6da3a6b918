"""The site machinery's configuration values, declared once and checked when read."""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ConfigError

#: name → (default, what it invalidates, doc)
VALUES = {
    "xs_simplified": (True, "html", "write the Simplified-Chinese copy of the site (zh-Hans/)"),
    "xs_prune_assets": (True, "html", "link from a page only the CSS and JS it uses"),
    "xs_sitemap": (True, "html", "write sitemap.xml (only when xs_base_url is set)"),
}


def setup_config(app: Sphinx) -> None:
    for name, (default, rebuild, doc) in VALUES.items():
        app.add_config_value(name, default, rebuild, (bool,), doc)
    app.connect("config-inited", check_config)


def check_config(app: Sphinx, config: Config) -> None:
    for name in VALUES:
        if not isinstance(config[name], bool):
            raise ConfigError(f"{name} must be True or False, not {config[name]!r}")
