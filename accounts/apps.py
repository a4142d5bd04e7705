from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Konten"

    def ready(self) -> None:
        from accounts import login_notices  # noqa: F401  (connects the login receiver)
